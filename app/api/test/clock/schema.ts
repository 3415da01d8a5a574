import { z } from "zod";
import { timestamp } from "@/app/api/schema";

export const clockBody = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(365 * 24 * 60 * 60 * 1000),
});

export const clockAnswer = z.object({ now: timestamp.meta({ description: "The server's clock after the move." }) });
