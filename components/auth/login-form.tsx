"use client";

import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { errorMessage, requestJson } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import type { DemoAccount } from "./demo-users";
import { destinationFor, ROLE_LABELS } from "./destination";
import type { Role } from "@/vocabulary/roles";

type LoginResponse = { user: { username: string; role: Role; displayName: string } };

type LoginFormProps = {
  next?: string | null;
  /** Demo mode only: accounts listed beside the form, each filling it in with one click. */
  demoAccounts?: DemoAccount[];
  /** Demo mode only: the list's heading (id `demo-accounts-title`) and explanation, rendered by the server. */
  demoIntro?: ReactNode;
};

/**
 * The sign-in form. Everything about demo accounts arrives as props from the server, so in
 * production neither the page nor this component's script carries a demo account or its password.
 */
export function LoginForm({ next, demoAccounts = [], demoIntro }: LoginFormProps) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { user } = await requestJson<LoginResponse>("/api/auth/login", { method: "POST", body: { username: username.trim(), password } });
      window.location.assign(destinationFor(user.role, next));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  function fillIn(account: DemoAccount) {
    setUsername(account.username);
    setPassword(account.password);
    setError(null);
    submitRef.current?.focus();
  }

  return (
    <div className={demoAccounts.length > 0 ? "grid gap-6 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]" : "mx-auto max-w-sm"}>
      <Card as="section" className="p-6" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className="text-xl font-semibold">
          Sign in
        </h1>
        <p className="mt-1 text-sm text-slate-600">Customers chat with the agent; staff review refunds and incidents.</p>
        <form className="mt-5 space-y-4" onSubmit={signIn} noValidate>
          <Field id="username" label="Username">
            <Input id="username" name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
          </Field>
          <Field id="password" label="Password">
            <Input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          {error ? <Alert>{error}</Alert> : null}
          <Button ref={submitRef} type="submit" className="w-full" disabled={busy || !username.trim() || !password}>
            {busy ? "Signing in…" : "Sign in"}
          </Button>
        </form>
      </Card>
      {demoAccounts.length > 0 ? (
        <section aria-labelledby="demo-accounts-title">
          {demoIntro}
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {demoAccounts.map((user) => (
              <li key={user.username} className="flex items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">
                    {user.displayName} <span className="font-mono text-slate-500">({user.username})</span>{" "}
                    <Badge tone={user.role === "customer" ? "info" : "neutral"}>{ROLE_LABELS[user.role]}</Badge>
                  </p>
                  <p className="truncate text-xs text-slate-500">{user.note}</p>
                </div>
                <Button variant="secondary" size="sm" onClick={() => fillIn(user)} aria-label={`Fill in ${user.username}`}>
                  Use
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
