import { z } from "zod";

export const MAX_MESSAGE_CHARS = 2000;

export const messageBody = z.object({
  text: z
    .string()
    .trim()
    .min(1, "Write a message.")
    .max(MAX_MESSAGE_CHARS, `Keep it under ${MAX_MESSAGE_CHARS} characters.`),
  /** The client's id for this message (a UUID, say): a resend with the same id is stored and answered once. */
  clientMessageId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 letters, digits, - or _.").optional(),
});
