import type { Metadata } from "next";
import Link from "next/link";
import { getCurrentUser } from "@/app/_lib/current-user";
import { loginHref } from "@/components/auth/destination";
import { buttonClasses } from "@/components/ui/button";
import { SIGNED_IN_PATH, SignedInHandoff } from "@/components/widget/embed/sign-in-window";

export const metadata: Metadata = { title: "Signed in" };

/** Where the embedded chat's sign-in window lands: it hands the session back to the chat and closes. */
export default async function SignedInPage() {
  const user = await getCurrentUser();
  return (
    <main className="mx-auto flex min-h-dvh max-w-sm flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-lg font-semibold">Northwind support</h1>
      {user ? (
        <SignedInHandoff />
      ) : (
        <Link href={loginHref(SIGNED_IN_PATH)} className={buttonClasses()}>
          Sign in
        </Link>
      )}
    </main>
  );
}
