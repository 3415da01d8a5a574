import { appendAgentNotice, appendAnswer, appendMessage, getThreadById } from "@/db/queries/threads";
import type { Ctx } from "./context";
import { revisionForThread } from "./canary";

/**
 * Writes the agent's reply into the customer's transcript: as the answer to customer
 * message `answers`, which then counts as answered, or, when the reply answers no message
 * of its own (a decision's outcome, a retried refund), as an agent message. A thread opened
 * beside a conversation writes it into the conversation too, where its customer reads it,
 * unless the conversation itself answers (`seenInConversation`: the turn it ran for).
 */
export async function recordAnswer(
  ctx: Ctx,
  input: { tenantId: string; threadId: string; text: string; answers?: number | null; seenInConversation?: boolean },
) {
  const { tenantId, threadId, text, answers } = input;
  const parent = input.seenInConversation ? null : (await getThreadById(ctx.db, tenantId, threadId))?.parentThreadId;
  const revisionId = (await revisionForThread(ctx, tenantId, threadId)).id;
  return ctx.db.transaction(async (tx) => {
    if (answers == null) return appendAgentNotice(tx, { tenantId, threadId, text, alsoIn: parent ?? null, revisionId });
    await appendAnswer(tx, { tenantId, threadId, text, answers, revisionId });
    if (parent) await appendMessage(tx, { tenantId, threadId: parent, role: "agent", text, revisionId });
  });
}
