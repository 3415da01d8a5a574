import { z } from "zod";

/** Whether the database and each bank system answer; the same shape at 200 and 503. */
export const healthAnswer = z.object({
  ok: z.boolean(),
  database: z.boolean(),
  systems: z.object({ limits: z.boolean(), history: z.boolean(), antifraud: z.boolean(), ledger: z.boolean(), cards: z.boolean() }),
});
