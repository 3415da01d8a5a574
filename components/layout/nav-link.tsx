"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export function NavLink({ href, children }: { href: string; children: string }) {
  const active = usePathname() === href;
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={`rounded-md px-2 py-1 text-sm font-medium ${active ? "bg-white/15 text-white" : "text-brand-100 hover:bg-white/10 hover:text-white"}`}
    >
      {children}
    </Link>
  );
}
