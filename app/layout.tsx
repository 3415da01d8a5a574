import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Northwind Bank support", template: "%s · Northwind Bank support" },
  description: "A reference bank support agent: refunds that never move twice, never without a decision.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** Rendered per request, never prerendered: each page's scripts carry that response's CSP nonce. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">{children}</body>
    </html>
  );
}
