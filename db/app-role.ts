import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Pool } from "pg";
import { APP_ROLE, CHECKPOINT_SCHEMA } from "./migrate";

/** Lets the app role sign in with `password` (the owner runs this; the migrations created the role). */
export async function enableAppRoleLogin(owner: Pool, password: string): Promise<void> {
  const { rows } = await owner.query<{ statement: string }>("select format('alter role %I login password %L', $1::text, $2::text) as statement", [
    APP_ROLE,
    password,
  ]);
  await owner.query(rows[0]!.statement);
}

/** The same database as `ownerUrl`, signed in as the app role. */
export function appRoleUrl(ownerUrl: string, password: string): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = password;
  return url.toString();
}

/**
 * The app role's password for an embedded database: generated once and kept beside its data
 * directory (readable by this user only), so restarts keep it.
 */
export function embeddedAppPassword(dataDir: string): string {
  const file = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.app-role-password`);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const password = randomBytes(24).toString("base64url");
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * Whether the role `pool` signs in as would get past row-level security: a superuser, a role
 * with BYPASSRLS, or one with the privileges of a table's owner (the owner itself, or a member
 * of the owner's role, as managed databases often make the app's user), which Postgres treats
 * as the owner.
 */
export async function bypassesRowSecurity(pool: Pool): Promise<string | null> {
  const { rows } = await pool.query<{ superuser: boolean; bypass: boolean; name: string; owner: string | null }>(
    `select r.rolsuper as superuser, r.rolbypassrls as bypass, current_user as name,
            (select o.rolname from pg_class c
               join pg_namespace n on n.oid = c.relnamespace
               join pg_roles o on o.oid = c.relowner
              where c.relrowsecurity and n.nspname in ('public', $1) and pg_has_role(current_user, c.relowner, 'USAGE')
              order by o.rolname limit 1) as owner
       from pg_roles r where r.rolname = current_user`,
    [CHECKPOINT_SCHEMA],
  );
  const role = rows[0];
  if (!role) return null;
  if (role.superuser) return `${role.name} is a superuser`;
  if (role.bypass) return `${role.name} has BYPASSRLS`;
  if (role.owner === role.name) return `${role.name} owns the tables`;
  if (role.owner) return `${role.name} has the privileges of ${role.owner}, which owns the tables`;
  return null;
}

/** Where migrations and admin commands connect: the owner's URL when given, else DATABASE_URL. */
export function ownerDatabaseUrl(source: Record<string, string | undefined> = process.env): string | undefined {
  return source.DATABASE_OWNER_URL ?? source.DATABASE_URL;
}

/**
 * After migrating as the owner: when the app is to connect as the application role, lets that
 * role sign in with the password its URL carries (a deployment that manages the role itself
 * may leave this out by giving the app another non-owner role).
 */
export async function admitAppRole(owner: Pool, appUrl: string): Promise<void> {
  const url = new URL(appUrl);
  if (decodeURIComponent(url.username) === APP_ROLE && url.password) await enableAppRoleLogin(owner, decodeURIComponent(url.password));
}

/** The one line that refuses an app whose database role gets past row-level security; null when it does not. */
export async function rowSecurityRefusal(pool: Pool): Promise<string | null> {
  const why = await bypassesRowSecurity(pool);
  return why
    ? `Refusing to start: DATABASE_URL connects as a role that row-level security does not hold (${why}): connect the app as ${APP_ROLE} (the migrations create it; give it LOGIN and a password) and migrate with DATABASE_OWNER_URL.`
    : null;
}
