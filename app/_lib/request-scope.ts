import { AsyncLocalStorage } from "node:async_hooks";

/** What the request log learns while a route runs: who called (a role, or how they got in). */
export type RequestScope = { role?: string };

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` in `noted`'s scope: what the route notes while it runs lands there. */
export function inRequestScope<T>(noted: RequestScope, work: () => Promise<T>): Promise<T> {
  return scope.run(noted, work);
}

/** Notes the caller's role for the request log; outside a route it does nothing. */
export function noteRole(role: string) {
  const current = scope.getStore();
  if (current) current.role = role;
}
