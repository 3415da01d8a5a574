import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Page not found" };

/** The product's own not-found page: Next.js's default styles itself inline, which the CSP forbids. */
export default function NotFound() {
  return (
    <main className="px-4">
      <Card as="section" className="mx-auto mt-12 max-w-lg p-6" aria-labelledby="not-found-title">
        <h1 id="not-found-title" className="text-lg font-semibold text-slate-900">
          Page not found
        </h1>
        <p className="mt-2 text-sm text-slate-700">There is no page at this address. It may have moved, or the link may be mistyped.</p>
        <Link href="/" className="mt-4 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          Back to the demo page
        </Link>
      </Card>
    </main>
  );
}
