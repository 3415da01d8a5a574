"use client";

import { useState } from "react";
import { requestJson } from "@/components/api/request-json";
import { Button, type ButtonStyle } from "@/components/ui/button";

/** Ends the session, then reloads into `redirectTo` so every view forgets the user. */
export function SignOutButton({
  redirectTo = "/login",
  label = "Sign out",
  busyLabel = "Signing out…",
  ...style
}: ButtonStyle & { redirectTo?: string; label?: string; busyLabel?: string }) {
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    try {
      await requestJson("/api/auth/logout", { method: "POST" });
    } finally {
      window.location.assign(redirectTo);
    }
  }

  return (
    <Button variant="secondary" size="sm" {...style} onClick={signOut} disabled={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}
