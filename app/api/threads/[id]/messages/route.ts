import { spendTurn } from "@/app/_lib/budgets";
import { ApiError } from "@/app/_lib/errors";
import { route, services } from "@/app/_lib/route";
import { parseBody } from "@/app/_lib/request-body";
import { customerIdOf, requireSession } from "@/app/_lib/session";
import { followSession, SESSION_ENDED } from "@/app/_lib/session-streams";
import { loadVisibleThread } from "@/app/_lib/threads";
import type { TurnResult } from "@/agent";
import { errorEvent, sseEvent, sseResponse } from "@/app/_lib/sse";
import { messageBody } from "../../schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The answer to a message that waits behind a running turn; its reply arrives in the transcript. */
const QUEUED = { reply: null, status: "busy", queued: true, caseId: null };
/** The answer to a resend of a message the thread already has: nothing is stored again; its reply is (or will be) in the transcript. */
const DUPLICATE = { reply: null, status: "received", queued: true, duplicate: true, caseId: null };

function refusal(result: Exclude<TurnResult, { kind: "ok" | "queued" | "duplicate" }>): ApiError {
  if (result.kind === "busy") return new ApiError("conflict:thread", "The agent is still answering your previous message.");
  return new ApiError(
    "unavailable:draining",
    result.saved
      ? "We are restarting. Your message is saved and the answer will appear here shortly."
      : "We are restarting. Please send your message again in a moment.",
  );
}

/**
 * One customer turn, within the customer's budgets (past one: 429, nothing stored). With `Accept: text/event-stream` the reply streams as `token`
 * events (a `reset` withdraws the tokens before it) and ends with `done` ({reply, status,
 * caseId}), the stored answer; otherwise one JSON answer. A client that goes away stops
 * hearing the turn, never the turn itself: its answer is stored and in the transcript. So
 * does one whose session ends meanwhile, told so by a last `signed_out` event.
 */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  const { user, session } = await requireSession(db, req, ["customer"]);
  const customerId = customerIdOf(user);
  const thread = await loadVisibleThread(db, user, id);
  const { text, clientMessageId } = await parseBody(req, messageBody);
  await spendTurn(db, user.tenantId, customerId);
  const turn = { tenantId: user.tenantId, threadId: thread.id, customerId, text, actor: user.username, clientMessageId };
  const done = (r: Extract<TurnResult, { kind: "ok" }>) => ({ reply: r.reply, status: r.status, caseId: r.caseId ?? null });

  if (!(req.headers.get("accept") ?? "").includes("text/event-stream")) {
    const result = await agent.sendMessage(turn);
    if (result.kind === "queued") return Response.json(QUEUED, { status: 202 });
    if (result.kind === "duplicate") return Response.json(DUPLICATE, { status: 202 });
    if (result.kind !== "ok") throw refusal(result);
    return Response.json(done(result));
  }
  let listening = true;
  const stream = new ReadableStream<Uint8Array>({
    cancel() {
      listening = false;
    },
    async start(controller) {
      const send = (event: string, data: unknown) => {
        if (!listening) return;
        try {
          controller.enqueue(sseEvent(event, data));
        } catch {
          listening = false;
        }
      };
      let unfollow = () => {};
      try {
        unfollow = await followSession(session, () => {
          send("signed_out", SESSION_ENDED);
          if (listening) controller.close();
          listening = false;
        });
        const result = await agent.sendMessage(turn, (token, options) => {
          if (options?.reset) send("reset", {});
          if (token) send("token", { text: token });
        });
        if (result.kind === "queued") {
          send("queued", QUEUED);
        } else if (result.kind === "duplicate") {
          send("queued", DUPLICATE);
        } else if (result.kind !== "ok") {
          throw refusal(result);
        } else {
          send("done", done(result));
        }
      } catch (error) {
        if (listening) controller.enqueue(errorEvent(error, "turn", { stream: "turn", tenantId: turn.tenantId, threadId: turn.threadId }));
      } finally {
        unfollow();
        if (listening) controller.close();
      }
    },
  });
  return sseResponse(stream);
});
