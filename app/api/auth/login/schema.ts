import { z } from "zod";

/** No control characters: a user name never has one, and it must not reach a log line or a header. */
const noControl = (s: string) => !/[\u0000-\u001f\u007f-\u009f]/.test(s);

export const loginBody = z.object({
  username: z.string().trim().min(1).max(64).refine(noControl, "must not contain control characters"),
  password: z.string().min(1).max(200),
});
