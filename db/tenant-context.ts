import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The tenant the database work of this request or job belongs to. Every connection the app's
 * pool hands out is set to it before its first statement (`app.tenant_id`), and row-level
 * security lets a statement see and write that tenant's rows only: a query that forgets its
 * tenant filter finds nothing of another bank's. Work outside any tenant (no request yet, a
 * job between tenants) runs with none set and sees no tenant's rows.
 */
type Scope = { tenantId?: string };

// One store per process: Next.js may bundle this module more than once (the instrumentation hook,
// each route), and the pool made by one copy must read the tenant another copy names.
const globalForTenant = globalThis as unknown as { __bankTenantScope?: AsyncLocalStorage<Scope> };
const scope = (globalForTenant.__bankTenantScope ??= new AsyncLocalStorage<Scope>());

/** Runs `work` as `tenantId`'s: the database work it starts, awaited or not, is that tenant's. */
export function withTenant<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
  if (!tenantId) throw new Error("withTenant needs a tenant");
  return scope.run({ tenantId }, work);
}

/** Runs `work` with no tenant yet; `enterTenant` inside it names one once it is known (a request, once its session is read). */
export function tenantScope<T>(work: () => Promise<T>): Promise<T> {
  return scope.run({}, work);
}

/** Names the tenant of the scope `tenantScope` opened; naming a second, different tenant in one scope is a bug and throws. */
export function enterTenant(tenantId: string): void {
  const current = scope.getStore();
  if (!current) return;
  if (current.tenantId && current.tenantId !== tenantId) throw new Error("one request cannot act for two tenants");
  current.tenantId = tenantId;
}

/** The tenant of the work running now, or undefined outside any. */
export function currentTenant(): string | undefined {
  return scope.getStore()?.tenantId;
}
