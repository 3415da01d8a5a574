import { z } from "zod";
import { idParam } from "@/app/_lib/route";

/** Path parameters and error texts the API's areas share. */
export const id = z.object({ id: idParam });
export const checkpoint = z.object({ id: idParam, checkpointId: idParam });

export const NO_THREAD = "`not_found:thread`: no such conversation in this bank.";
export const LEDGER_DOWN = "`unavailable:ledger`: the ledger is not answering.";
