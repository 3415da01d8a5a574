import Link from "next/link";
import { ROLE_LABELS } from "@/components/auth/destination";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { isDemoMode } from "@/env";
import { NavLink } from "./nav-link";
import { INVESTIGATORS, OPERATIONS_ROLES, ROLES, STAFF, SUPERVISORS, type Role } from "@/vocabulary/roles";

export type HeaderUser = { displayName: string; username: string; role: Role };

const LINKS: { href: string; label: string; roles: (Role | "anonymous")[] }[] = [
  { href: "/", label: "Demo bank page", roles: ["anonymous", ...ROLES] },
  { href: "/widget", label: "Chat", roles: ["customer"] },
  { href: "/console", label: "Approvals", roles: ["anonymous", ...STAFF] },
  { href: "/console/policy", label: "Policy", roles: SUPERVISORS },
  { href: "/incidents", label: "Incidents", roles: ["anonymous", ...INVESTIGATORS] },
  { href: "/releases", label: "Releases", roles: INVESTIGATORS },
  { href: "/ops", label: "Ops", roles: OPERATIONS_ROLES },
];

/** The app's header: where to go, who is signed in, and the way out. */
export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const audience = user?.role ?? "anonymous";
  // The demo bank page exists in demo mode only; in production the root just redirects.
  const links = isDemoMode() ? LINKS : LINKS.filter((link) => link.href !== "/");
  return (
    <header className="bg-brand-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className="text-base font-semibold tracking-tight">
          Northwind Bank <span className="font-normal text-brand-100">· Support agent</span>
        </Link>
        <nav aria-label="Main" className="flex flex-1 flex-wrap gap-1">
          {links
            .filter((link) => link.roles.includes(audience))
            .map((link) => (
              <NavLink key={link.href} href={link.href}>
                {link.label}
              </NavLink>
            ))}
        </nav>
        {user ? (
          <div className="flex items-center gap-3">
            <p className="text-sm" data-testid="signed-in-user">
              <span className="font-medium">{user.displayName}</span> <span className="text-brand-100">({ROLE_LABELS[user.role].toLowerCase()})</span>
            </p>
            <SignOutButton />
          </div>
        ) : (
          <Link href="/login" className="rounded-md bg-white px-3 py-1.5 text-sm font-medium text-brand-900 hover:bg-brand-50">
            Sign in
          </Link>
        )}
      </div>
    </header>
  );
}

export function toHeaderUser(user: HeaderUser | null): HeaderUser | null {
  return user ? { displayName: user.displayName, username: user.username, role: user.role } : null;
}
