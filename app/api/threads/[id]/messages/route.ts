import { spendTurn } from "@/app/_lib/budgets";
import { sendTurn, turnRefusal } from "@/app/_lib/langgraph/platform-runs";
import { route, services } from "@/app/_lib/route";
import { parseBody } from "@/app/_lib/request-body";
import { customerIdOf, requireSession } from "@/app/_lib/session";
import { followSession, SESSION_ENDED } from "@/app/_lib/session-streams";
import { errorEvent, sseEvent, sseResponse } from "@/app/_lib/sse";
import { loadVisibleThread } from "@/app/_lib/threads";
import type { TurnResult } from "@/agent";
import { messageBody } from "../../schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The answer to a message that waits behind a running turn; its reply arrives in the transcript. */
const QUEUED = { reply: null, status: "busy", queued: true, caseId: null };
/** The answer to a resend of a message the thread already has: nothing is stored again; its reply is (or will be) in the transcript. */
const DUPLICATE = { reply: null, status: "received", queued: true, duplicate: true, caseId: null };

/** A turn's end in this API's words: the stored reply, or that the message waits (202), or its refusal. */
function answerOf(result: TurnResult): { event: "done" | "queued"; status: 200 | 202; body: object } {
  if (result.kind === "queued") return { event: "queued", status: 202, body: QUEUED };
  if (result.kind === "duplicate") return { event: "queued", status: 202, body: DUPLICATE };
  if (result.kind !== "ok") throw turnRefusal(result);
  return { event: "done", status: 200, body: { reply: result.reply, status: result.status, caseId: result.caseId ?? null } };
}

/**
 * One customer turn, within the customer's budgets (past one: 429, nothing stored): a door
 * onto the turn the LangGraph API's runs send (`sendTurn`), in this API's shapes. With
 * `Accept: text/event-stream` the reply streams as `token` events (a `reset` withdraws the
 * tokens before it) and ends with `done` ({reply, status, caseId}), the stored answer;
 * otherwise one JSON answer. A client that goes away stops hearing the turn, never the turn
 * itself: its answer is stored and in the transcript. So does one whose session ends
 * meanwhile, told so by a last `signed_out` event.
 */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const s = services();
  const { user, session } = await requireSession(s.db, req, ["customer"]);
  const thread = await loadVisibleThread(s.db, user, id);
  const { text, clientMessageId } = await parseBody(req, messageBody);
  await spendTurn(s.db, user.tenantId, customerIdOf(user));

  if (!(req.headers.get("accept") ?? "").includes("text/event-stream")) {
    const answer = answerOf(await sendTurn(s, user, thread, text, clientMessageId).turn);
    return Response.json(answer.body, { status: answer.status });
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
        const { turn } = sendTurn(s, user, thread, text, clientMessageId, (token, options) => {
          if (options?.reset) send("reset", {});
          if (token) send("token", { text: token });
        });
        const answer = answerOf(await turn);
        send(answer.event, answer.body);
      } catch (error) {
        if (listening) controller.enqueue(errorEvent(error, "turn", { stream: "turn", tenantId: user.tenantId, threadId: thread.id }));
      } finally {
        unfollow();
        if (listening) controller.close();
      }
    },
  });
  return sseResponse(stream);
});
