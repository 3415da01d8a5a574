"use client";

import { useState, type FormEvent } from "react";
import type { z } from "zod";
import type { signInUnlock } from "@/app/api/tenant/schema";
import { errorMessage, requestJson } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { describedBy, Field, Input } from "@/components/ui/field";

type Unlocked = z.infer<typeof signInUnlock>;

/** Lifts the sign-in delay of one of the supervisor's bank's employees, by user name. */
export function SignInUnlock() {
  const [username, setUsername] = useState("");
  const [notice, setNotice] = useState<{ tone: "error" | "success"; title: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function unlock(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = username.trim();
    if (!name) return;
    setBusy(true);
    try {
      const done = await requestJson<Unlocked>(`/api/tenant/staff/${encodeURIComponent(name)}/unlock`, { method: "POST" });
      const forgiven = `${done.failuresForgiven} failed sign-in${done.failuresForgiven === 1 ? "" : "s"}`;
      setNotice({ tone: "success", title: "Sign-in delay lifted", text: `${done.username} may sign in again at once: ${forgiven} forgiven.` });
    } catch (err) {
      setNotice({ tone: "error", title: "The delay was not lifted", text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card as="section" className="mx-auto mt-6 max-w-2xl space-y-3 p-4" aria-labelledby="sign-in-unlock-title">
      <h2 id="sign-in-unlock-title" className="text-lg font-semibold">
        Staff sign-in
      </h2>
      <p className="text-sm text-slate-600">
        After five wrong passwords from one address, that address waits longer before each further try at the account. An employee held back can be let in again
        here; the addresses that failed keep their own limit.
      </p>
      {notice ? (
        <Alert tone={notice.tone} title={notice.title}>
          {notice.text}
        </Alert>
      ) : null}
      <form onSubmit={(e) => void unlock(e)} className="flex flex-wrap items-end gap-3" aria-label="Lift a sign-in delay">
        <Field id="unlock-username" label="Employee's user name" hint="An operator, supervisor, auditor or ops account of your bank.">
          <Input
            id="unlock-username"
            autoComplete="off"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            {...describedBy("unlock-username", { hint: true })}
          />
        </Field>
        <Button type="submit" disabled={busy || !username.trim()}>
          Lift sign-in delay
        </Button>
      </form>
    </Card>
  );
}
