/** One customer's conversation over the HTTP API, as its plan says, riding out kills. */
import { randomUUID } from "node:crypto";
import { ApiSession } from "./api";
import type { Coordination } from "./coordination";
import { CUSTOMER_PASSWORD, type Plan } from "./customers";
import type { Journal } from "./journal";
import type { AppProcess } from "./processes";
import { Rng, sleep } from "./rng";

export type ConversationContext = { app: AppProcess; journal: Journal; coordination: Coordination; seed: number };

const STATUS_QUESTION = "What is the status of my refund?";
const FOLLOW_UP = "Any news on my refund?";
const CANCEL = "never mind, cancel my request";
/** How long a message that met a busy thread after an interruption keeps trying. */
const BUSY_RETRY_MS = 30_000;

type Send = { designedDoubleText?: boolean };

class Conversation {
  private readonly api: ApiSession;
  private readonly rng: Rng;
  private threadId = "";

  /** `sibling`: one of a customer's claims sent beside their first, in a conversation of its own (counted apart). */
  constructor(
    private readonly ctx: ConversationContext,
    private readonly plan: Plan,
    private readonly sibling = 0,
  ) {
    this.api = new ApiSession(ctx.app, ctx.journal, plan.username);
    this.rng = Rng.derive(ctx.seed, sibling ? `conversation-${plan.index}-${sibling}` : `conversation-${plan.index}`);
  }

  /** Signs in and opens the conversation; false (with the failure journaled) when either fails. */
  async open(): Promise<boolean> {
    const { journal, coordination } = this.ctx;
    const login = await this.api.signIn(CUSTOMER_PASSWORD);
    if (login.status !== 200) {
      journal.fail({ what: "login", detail: `${this.plan.username} could not sign in: ${login.waited ?? login.status}` });
      return false;
    }
    const created = await this.api.call("POST", "/api/threads");
    if (created.status !== 201) {
      journal.fail({ what: "create_thread", detail: `${this.plan.username}: ${created.status} ${created.waited ?? JSON.stringify(created.body)}` });
      return false;
    }
    if (created.attempts > 1) journal.bump("thread.created_after_retry");
    this.threadId = created.body.threadId as string;
    journal.threads.set(this.threadId, this.plan.index);
    coordination.register(this.threadId, this.plan);
    return true;
  }

  async talk(): Promise<void> {
    const { journal } = this.ctx;
    if (this.plan.greet) await this.send("Hello");
    const first = this.send(this.plan.claim);
    let second: Promise<void> | undefined;
    if (this.plan.doubleText) {
      await sleep(this.rng.int(30, 250));
      second = this.send(STATUS_QUESTION, { designedDoubleText: true });
    }
    await Promise.all([first, second]);

    const status = await this.settled(20_000);
    if (status === "awaiting_approval") await this.awaitDecision();
    if (this.plan.followUp && this.plan.outcome !== "expire") {
      await this.settled(20_000);
      await this.send(FOLLOW_UP);
    }
    journal.bump(this.sibling ? "conversation.sibling_finished" : "conversation.finished");
  }

  /** Waits for the operators, or races them with a cancel. */
  private async awaitDecision(): Promise<void> {
    const { coordination, journal } = this.ctx;
    journal.bump("conversation.reached_review");
    if (this.plan.besideClaim) {
      await this.send(this.plan.besideClaim);
      journal.bump("conversation.claimed_beside");
    }
    if (this.plan.outcome === "expire") return;
    if (this.plan.outcome === "cancel_race") {
      const seen = await coordination.seen(this.threadId)?.wait(30_000);
      if (!seen) journal.bump("cancel_race.operator_never_came");
      await sleep(this.rng.int(0, 80));
      await this.send(CANCEL);
      return;
    }
    const decided = await coordination.decided(this.threadId)?.wait(45_000);
    if (!decided) journal.bump("conversation.decision_wait_timed_out");
  }

  /** The thread's status once it is no longer busy, or "busy" after `timeoutMs`. */
  private async settled(timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await this.api.call("GET", `/api/threads/${this.threadId}`, undefined, { deadlineMs: timeoutMs });
      const status = res.status === 200 ? String(res.body.status) : "unknown";
      if (status !== "busy" || Date.now() > deadline) return status;
      await sleep(300);
    }
  }

  private async send(text: string, opts: Send = {}): Promise<void> {
    const { journal } = this.ctx;
    journal.inFlight.messages += 1;
    let interrupted = false;
    const sentAt = Date.now();
    const giveUp = sentAt + BUSY_RETRY_MS;
    // One id for every attempt of this message, as the widget does: a resend is stored once.
    const clientMessageId = randomUUID();
    try {
      for (;;) {
        const res = await this.api.call(
          "POST",
          `/api/threads/${this.threadId}/messages`,
          { text, clientMessageId },
          {
            timeoutMs: 90_000,
            onAttempt: (n) => {
              if (n > 1) interrupted = true;
            },
          },
        );
        const label = `message "${text}"`;
        if (res.status === 200 || (res.status === 202 && res.body?.queued)) {
          journal.acked.push({ threadId: this.threadId, text });
          journal.bump(res.status === 200 ? "message.ok" : "message.queued");
          if (interrupted) journal.bump("message.resent_after_kill");
          const answer = res.status === 200 ? `200 ${res.body?.status}` : "202 queued";
          journal.record(
            this.threadId,
            label,
            `${answer}${res.body?.duplicate ? " (already received)" : ""}${interrupted ? " (resent after a kill)" : ""}`,
            sentAt,
          );
          return;
        }
        if (res.status === 409 && res.body?.code === "conflict:thread") {
          if (opts.designedDoubleText && !interrupted) {
            journal.bump("message.double_text_409");
            journal.record(this.threadId, label, "409 conflict:thread (second message while busy)", sentAt);
            return;
          }
          if (Date.now() < giveUp) {
            interrupted = true;
            journal.bump("message.busy_retry");
            await sleep(this.rng.int(500, 1500));
            continue;
          }
          journal.bump("message.refused_busy");
          journal.fail({ threadId: this.threadId, what: "message_refused_busy", detail: `${label}: thread stayed busy for ${BUSY_RETRY_MS / 1000} s` });
          journal.record(this.threadId, label, "409 conflict:thread, gave up", sentAt);
          return;
        }
        if (res.status === 503 && Date.now() < giveUp) {
          interrupted = true;
          journal.bump("message.unavailable_retry");
          await sleep(this.rng.int(500, 1500));
          continue;
        }
        const detail = res.status === 0 ? (res.error ?? "no answer") : `${res.status} ${JSON.stringify(res.body)}`;
        journal.record(this.threadId, label, detail, sentAt);
        journal.fail({
          threadId: this.threadId,
          what: res.status === 0 ? `message_${res.error ?? "no_answer"}` : `message_http_${res.status}`,
          detail: `${label}: ${res.waited ?? detail}`,
        });
        return;
      }
    } finally {
      journal.inFlight.messages -= 1;
    }
  }
}

/**
 * The plan's conversation; with parallel claims, one conversation per claim, all opened first
 * and then sent at the same moment, as a customer with several tabs would.
 */
export async function runConversation(ctx: ConversationContext, plan: Plan): Promise<void> {
  const siblings = plan.parallelClaims.map(
    (claim, i) => new Conversation(ctx, { ...plan, claim, parallelClaims: [], greet: false, doubleText: false, followUp: false }, i + 1),
  );
  const conversations = [new Conversation(ctx, plan), ...siblings];
  const opened = await Promise.all(conversations.map((c) => c.open()));
  await Promise.all(conversations.filter((_, i) => opened[i]).map((c) => c.talk()));
}
