import { appendAnswer, appendMessage } from "@/db/queries/threads";
import type { Ctx } from "./context";

/**
 * Writes the agent's reply into the customer's transcript: as the answer to customer
 * message `answers`, which then counts as answered, or, when the reply answers no message
 * of its own (a decision's outcome, a retried refund), as an agent message.
 */
export async function recordAnswer(ctx: Ctx, input: { tenantId: string; threadId: string; text: string; answers?: number | null }) {
  const { tenantId, threadId, text, answers } = input;
  if (answers != null) return appendAnswer(ctx.db, { tenantId, threadId, text, answers });
  return appendMessage(ctx.db, { tenantId, threadId, role: "agent", text });
}
