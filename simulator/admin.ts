import { z } from "zod";
import type { SimulatorControls } from "./controls";
import { faultSchema, type FaultBoard } from "./faults";
import { ok, parseInput } from "./http";
import type { Route } from "./route";

const DAY_MS = 86_400_000;
const clockMove = z.strictObject({
  advanceMs: z
    .int()
    .min(0)
    .max(365 * DAY_MS),
});
const keyWindow = z.strictObject({
  windowMs: z
    .int()
    .min(0)
    .max(365 * DAY_MS)
    .nullable(),
});

/** Test and demo controls: call counters, fault injection, the clock and the ledger's key window. No tenant. */
export function adminRoutes(board: FaultBoard, controls: SimulatorControls): Route[] {
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
        controls.reset();
        return ok({ calls: board.counts(), faults: [], ...controls.view() });
      },
    },
    {
      method: "GET",
      path: /^\/_admin\/controls$/,
      surface: "admin",
      handle: async () => ok(controls.view()),
    },
    {
      method: "POST",
      path: /^\/_admin\/clock$/,
      surface: "admin",
      handle: async ({ body }) => {
        controls.advance(parseInput(clockMove, body, "admin").advanceMs);
        return ok(controls.view());
      },
    },
    {
      method: "POST",
      path: /^\/_admin\/ledger\/key-window$/,
      surface: "admin",
      handle: async ({ body }) => {
        controls.setKeyWindow(parseInput(keyWindow, body, "admin").windowMs);
        return ok(controls.view());
      },
    },
  ];
}
