import { z } from "zod";
import { ROLES } from "@/vocabulary/roles";

/** The signed-in user, as sign-in and `me` answer it. */
export const signedInAnswer = z.object({
  user: z.object({ username: z.string(), role: z.enum(ROLES), displayName: z.string() }),
});

export const signedOutAnswer = z.object({ ok: z.literal(true) });
