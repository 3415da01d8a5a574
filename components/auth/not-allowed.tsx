import Link from "next/link";
import { NoticeCard } from "@/components/ui/notice-card";
import { isDemoMode } from "@/env";
import { loginHref } from "./destination";
import { SignOutButton } from "./sign-out-button";

type NotAllowedProps = { title: string; reason: string; returnTo: string };

/** Shown to a signed-in user whose role may not open this page. */
export function NotAllowed({ title, reason, returnTo }: NotAllowedProps) {
  return (
    <NoticeCard
      id="not-allowed-title"
      title={title}
      actions={
        <>
          <SignOutButton label="Sign in as someone else" redirectTo={loginHref(returnTo)} />
          <Link href="/" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            {isDemoMode() ? "Back to the demo page" : "Back to your start page"}
          </Link>
        </>
      }
    >
      {reason}
    </NoticeCard>
  );
}
