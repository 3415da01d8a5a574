import Link from "next/link";
import { Card } from "@/components/ui/card";
import { isDemoMode } from "@/env";
import { loginHref } from "./destination";
import { SignOutButton } from "./sign-out-button";

type NotAllowedProps = { title: string; reason: string; returnTo: string };

/** Shown to a signed-in user whose role may not open this page. */
export function NotAllowed({ title, reason, returnTo }: NotAllowedProps) {
  return (
    <Card as="section" className="mx-auto mt-12 max-w-lg p-6" aria-labelledby="not-allowed-title">
      <h1 id="not-allowed-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h1>
      <p className="mt-2 text-sm text-slate-700">{reason}</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <SignOutButton label="Sign in as someone else" redirectTo={loginHref(returnTo)} />
        <Link href="/" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          {isDemoMode() ? "Back to the demo page" : "Back to your start page"}
        </Link>
      </div>
    </Card>
  );
}
