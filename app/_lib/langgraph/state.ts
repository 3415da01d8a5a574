import type { StateSnapshot } from "@langchain/langgraph";
import type { Agent } from "@/agent";
import type { Db } from "@/db/client";
import { getLatestCaseByThread } from "@/db/queries/cases";
import { listChatMessagesByThread, type ThreadRow } from "@/db/queries/threads";
import type { LcMessage, Thread, ThreadState, ThreadValues } from "@/app/api/langgraph/schema";
import { maskedForStaff } from "../personal-data";
import type { SessionUser } from "../session";
import { isStaff } from "./access";
import { snapshotInterrupts, type TaskInterrupt } from "./interrupts";
import { ASSISTANT_ID, GRAPH_ID } from "./assistant";

export type Services = { db: Db; agent: Agent };

/** A customer message keeps the id its client gave it (the run's id too); others are named by their row. */
const messageId = (m: { id: number; clientMessageId: string | null }) => m.clientMessageId ?? `msg-${m.id}`;

/**
 * The door every Platform API answer leaves by (threads, states, history, run results and
 * the streams made of them): staff get customers' names and card numbers masked in the
 * whole body, interrupts and free text included, as the console does; the customer sees
 * their own.
 */
export async function shownTo<T>(db: Db, user: SessionUser, body: T): Promise<T> {
  return isStaff(user) ? maskedForStaff(db, user.tenantId, body) : body;
}

/**
 * The thread's values as LangChain clients read them: the transcript (from the messages
 * table, where the app keeps it; the checkpoint holds only a short window) as human and
 * ai messages, and the case. `upTo` cuts the transcript at a checkpoint's time. Unmasked:
 * answers pass through `shownTo`.
 */
export async function threadValues(db: Db, user: SessionUser, thread: ThreadRow, upTo?: Date): Promise<ThreadValues> {
  const [rows, kase] = await Promise.all([listChatMessagesByThread(db, user.tenantId, thread.id), getLatestCaseByThread(db, user.tenantId, thread.id)]);
  const messages: LcMessage[] = rows
    .filter((m) => !upTo || m.createdAt <= upTo)
    .map((m) => ({ type: m.role === "customer" ? "human" : "ai", id: messageId(m), content: m.text }));
  const values: ThreadValues = {
    messages,
    case: kase && (!upTo || kase.createdAt <= upTo) ? { caseId: kase.id, status: kase.status, amountMinor: kase.amountMinor, currency: kase.currency } : null,
  };
  return values;
}

const checkpointOf = (threadId: string, config: StateSnapshot["config"] | undefined) => ({
  thread_id: threadId,
  checkpoint_ns: "",
  checkpoint_id: config?.configurable?.checkpoint_id ? String(config.configurable.checkpoint_id) : null,
  checkpoint_map: null,
});

/** One checkpoint as the Platform's ThreadState, unmasked; `latest` gives the whole transcript, older ones the transcript up to their time. */
async function toThreadState(s: Services, user: SessionUser, thread: ThreadRow, snapshot: StateSnapshot, latest: boolean): Promise<ThreadState> {
  const createdAt = snapshot.createdAt ? new Date(snapshot.createdAt) : undefined;
  const [values, interrupts] = await Promise.all([threadValues(s.db, user, thread, latest ? undefined : createdAt), snapshotInterrupts(s.db, user, snapshot)]);
  const byTask = (taskId: string) => interrupts.filter((i) => i.taskId === taskId).map((i) => i.interrupt);
  const metadata = snapshot.metadata;
  return {
    values,
    next: [...snapshot.next],
    tasks: snapshot.tasks.map((t) => ({
      id: t.id,
      name: t.name,
      error: t.error ? "The task failed." : null,
      interrupts: byTask(t.id),
      checkpoint: null,
      state: null,
    })),
    checkpoint: checkpointOf(thread.id, snapshot.config),
    metadata: metadata ? { source: metadata.source, step: metadata.step } : {},
    created_at: snapshot.createdAt ?? null,
    parent_checkpoint: snapshot.parentConfig ? checkpointOf(thread.id, snapshot.parentConfig) : null,
    interrupts: interrupts.map((i) => i.interrupt),
  };
}

/** The thread's current state, unmasked (for answers built on it). */
export async function latestState(s: Services, user: SessionUser, thread: ThreadRow): Promise<ThreadState> {
  return toThreadState(s, user, thread, await s.agent.state(user.tenantId, thread.id), true);
}

/** The thread's current state, as its viewer sees it. */
export async function currentState(s: Services, user: SessionUser, thread: ThreadRow): Promise<ThreadState> {
  return shownTo(s.db, user, await latestState(s, user, thread));
}

/** Checkpoints as ThreadStates, newest first, as the viewer sees them; `latest` when the first is the thread's current one. */
export async function threadHistory(s: Services, user: SessionUser, thread: ThreadRow, snapshots: StateSnapshot[], latest: boolean): Promise<ThreadState[]> {
  const states = await Promise.all(snapshots.map((snapshot, i) => toThreadState(s, user, thread, snapshot, latest && i === 0)));
  return shownTo(s.db, user, states);
}

/** The app's thread status in the Platform's words: a refund waiting for an operator is `interrupted`. */
const PLATFORM_STATUS = { idle: "idle", busy: "busy", awaiting_approval: "interrupted" } as const satisfies Record<ThreadRow["status"], Thread["status"]>;

export const APP_STATUS = { idle: "idle", busy: "busy", interrupted: "awaiting_approval" } as const;

/** The Platform's Thread: status, values and pending interrupts by task, as the viewer sees it. */
export async function toThread(s: Services, user: SessionUser, thread: ThreadRow): Promise<Thread> {
  const waiting = thread.status === "awaiting_approval";
  const [values, interrupts] = await Promise.all([
    threadValues(s.db, user, thread),
    waiting ? s.agent.state(user.tenantId, thread.id).then((snapshot) => snapshotInterrupts(s.db, user, snapshot)) : Promise.resolve([] as TaskInterrupt[]),
  ]);
  const grouped: Thread["interrupts"] = {};
  for (const { taskId, interrupt } of interrupts) (grouped[taskId] ??= []).push(interrupt);
  const time = (d: Date) => d.toISOString();
  return shownTo(s.db, user, {
    thread_id: thread.id,
    created_at: time(thread.createdAt),
    updated_at: time(thread.updatedAt),
    state_updated_at: time(thread.updatedAt),
    // The revision of the agent the conversation started on, when it is known.
    metadata: { graph_id: GRAPH_ID, assistant_id: ASSISTANT_ID, ...(thread.revisionId ? { revision: thread.revisionId } : {}) },
    status: PLATFORM_STATUS[thread.status],
    values,
    interrupts: grouped,
  });
}
