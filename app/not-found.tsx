import type { Metadata } from "next";
import Link from "next/link";
import { NoticeCard } from "@/components/ui/notice-card";

export const metadata: Metadata = { title: "Page not found" };

/** The product's own not-found page: Next.js's default styles itself inline, which the CSP forbids. */
export default function NotFound() {
  return (
    <main className="px-4">
      <NoticeCard
        id="not-found-title"
        title="Page not found"
        actions={
          <Link href="/" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            Back to the demo page
          </Link>
        }
      >
        There is no page at this address. It may have moved, or the link may be mistyped.
      </NoticeCard>
    </main>
  );
}
