import { z } from "zod";
import { idParam } from "@/app/api/schema";

/** Path parameters and error texts the API's areas share. */
export const id = z.object({ id: idParam });
export const checkpoint = z.object({ id: idParam, checkpointId: idParam });

export const NO_THREAD = "`not_found:thread`: no such conversation in this bank.";
export const LEDGER_DOWN = "`unavailable:ledger`: the ledger is not answering.";
export const TOO_MANY_TURNS =
  "`rate_limited:turn`: the customer sent CUSTOMER_TURNS_PER_MINUTE (20) messages this minute or CUSTOMER_TURNS_PER_DAY (500) today (UTC), chat and LangGraph runs together; `Retry-After` (and retryAfterSeconds) says when the window closes, `budget` which one it is. The message was not stored and no run started.";
export const TOO_MANY_THREADS =
  "`rate_limited:thread`: the customer started CUSTOMER_CONVERSATIONS_PER_DAY (50) conversations today (UTC); `Retry-After` says when the day ends. No conversation was created.";
