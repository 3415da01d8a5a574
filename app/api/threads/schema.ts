import { z } from "zod";

export const MAX_MESSAGE_CHARS = 2000;

export const messageBody = z.object({
  text: z
    .string()
    .trim()
    .min(1, "Write a message.")
    .max(MAX_MESSAGE_CHARS, `Keep it under ${MAX_MESSAGE_CHARS} characters.`),
});
