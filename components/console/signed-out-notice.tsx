"use client";

import Link from "next/link";
import { loginHref } from "@/components/auth/destination";
import { Alert } from "@/components/ui/alert";
import { useSignedOut } from "./use-approval-events";

/** Says, once the session has ended (here or in another tab, by expiry or a role change), that the console no longer updates, and the way back in. */
export function SignedOutNotice() {
  // Only ever true in the browser: the server renders nothing here.
  if (!useSignedOut()) return null;
  return (
    <Alert tone="info" title="Signed out" className="mb-4">
      Your session has ended, in this tab or another: this page no longer updates.{" "}
      <Link href={loginHref(`${window.location.pathname}${window.location.search}`)} className="font-medium underline underline-offset-2">
        Sign in again
      </Link>
    </Alert>
  );
}
