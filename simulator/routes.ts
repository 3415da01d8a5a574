import { adminRoutes } from "./admin";
import type { SimulatorControls } from "./controls";
import type { FaultBoard } from "./faults";
import { ok, problem } from "./http";
import type { Route } from "./route";
import { assessTransaction } from "./systems/antifraud";
import { changeCard, getCustomerCards } from "./systems/cards";
import { getCustomerHistory } from "./systems/history";
import { postRefund } from "./systems/ledger";
import { listLedgerEntries } from "./systems/ledger-entries";
import { getCustomerLimits } from "./systems/limits";

/** Every route the simulator serves. */
export function simulatorRoutes(board: FaultBoard, controls: SimulatorControls): Route[] {
  return [
    {
      method: "GET",
      path: /^\/limits\/customers\/(?<customerId>[^/]+)$/,
      system: "limits",
      surface: "limits",
      handle: getCustomerLimits,
    },
    {
      method: "GET",
      path: /^\/history\/customers\/(?<customerId>[^/]+)$/,
      system: "history",
      surface: "history",
      handle: getCustomerHistory,
    },
    { method: "POST", path: /^\/antifraud\/assess$/, system: "antifraud", surface: "antifraud", handle: assessTransaction },
    { method: "POST", path: /^\/ledger\/refunds$/, system: "ledger", surface: "ledger", handle: postRefund },
    { method: "GET", path: /^\/ledger\/entries$/, system: "ledger", read: true, surface: "ledger", handle: listLedgerEntries },
    { method: "GET", path: /^\/cards\/customers\/(?<customerId>[^/]+)$/, system: "cards", surface: "cards", handle: getCustomerCards },
    { method: "POST", path: /^\/cards\/(?<cardId>[^/]+)\/freeze$/, system: "cards", surface: "cards", handle: changeCard("freeze") },
    { method: "POST", path: /^\/cards\/(?<cardId>[^/]+)\/unfreeze$/, system: "cards", surface: "cards", handle: changeCard("unfreeze") },
    { method: "POST", path: /^\/cards\/(?<cardId>[^/]+)\/replacement$/, system: "cards", surface: "cards", handle: changeCard("replacement") },
    {
      method: "GET",
      path: /^\/health$/,
      surface: "health",
      handle: async ({ pool }) => {
        board.noteHealthCheck();
        try {
          await pool.query("select 1");
        } catch (error) {
          console.error("simulator health check failed", error);
          return problem("unavailable:database", "the database does not answer");
        }
        return ok({ ok: true });
      },
    },
    ...adminRoutes(board, controls),
  ];
}
