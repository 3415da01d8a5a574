import { faultSchema, type FaultBoard } from "./faults";
import { ok, parseInput } from "./http";
import type { Route } from "./route";

/** Test and demo controls: call counters and fault injection. No tenant. */
export function adminRoutes(board: FaultBoard): Route[] {
  return [
    {
      method: "GET",
      path: /^\/_admin\/calls$/,
      surface: "admin",
      handle: async () => ok(board.counts()),
    },
    {
      method: "GET",
      path: /^\/_admin\/health-checks$/,
      surface: "admin",
      handle: async () => ok({ healthChecks: board.healthCheckCount() }),
    },
    {
      method: "GET",
      path: /^\/_admin\/faults$/,
      surface: "admin",
      handle: async () => ok({ faults: board.list() }),
    },
    {
      method: "POST",
      path: /^\/_admin\/faults$/,
      surface: "admin",
      handle: async ({ body }) => {
        const fault = parseInput(faultSchema, body, "admin");
        board.set(fault);
        return ok({ fault });
      },
    },
    {
      method: "DELETE",
      path: /^\/_admin\/faults$/,
      surface: "admin",
      handle: async () => {
        board.clearFaults();
        return ok({ faults: [] });
      },
    },
    {
      method: "POST",
      path: /^\/_admin\/reset$/,
      surface: "admin",
      handle: async () => {
        board.reset();
        return ok({ calls: board.counts(), faults: [] });
      },
    },
  ];
}
