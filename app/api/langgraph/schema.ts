/**
 * The LangGraph Platform API subset under /api/langgraph: every request and response
 * schema, in the Platform's own snake_case shapes, so the official SDK, agent-chat-ui
 * and Agent Inbox read and write them unchanged.
 */
import { z } from "zod";
import { idParam } from "@/app/api/schema";
import { decisionBody } from "../approvals/schema";
import { clientMessageId, MAX_MESSAGE_CHARS } from "../threads/schema";

const isoTime = z.string();
const page = { limit: z.number().int().min(1).max(100).default(10), offset: z.number().int().min(0).max(100_000).default(0) };

// ---- requests ----

export const assistantSearchBody = z.looseObject({
  graph_id: z.string().max(100).optional(),
  name: z.string().max(100).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  ...page,
});

/** `POST /assistants/{id}/versions`: versions whose metadata has each of these entries, a page of them. */
export const assistantVersionsBody = z.looseObject({
  metadata: z.record(z.string(), z.unknown()).optional(),
  ...page,
});

export const threadCreateBody = z.looseObject({
  /** The client's id for the new thread; the app picks one when absent. */
  thread_id: z.uuid().optional(),
  if_exists: z.enum(["raise", "do_nothing"]).default("raise"),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

const THREAD_STATUSES = ["idle", "busy", "interrupted", "error"] as const;

export const threadSearchBody = z.looseObject({
  status: z.enum(THREAD_STATUSES).optional(),
  ids: z.array(idParam).max(100).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  ...page,
});

export const historyBody = z.looseObject({
  limit: z.number().int().min(1).max(1000).default(10),
  /** Checkpoints older than this one (`{checkpoint_id}` or a config carrying it). */
  before: z
    .union([z.looseObject({ checkpoint_id: idParam }), z.looseObject({ configurable: z.looseObject({ checkpoint_id: idParam }) })])
    .optional()
    .nullable(),
});

export const historyQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(10) });

const textBlock = z.looseObject({ type: z.literal("text"), text: z.string() });

/** One chat message as LangChain clients send it: `type: "human"` or `role: "user"`, text or text blocks. */
export const inputMessage = z
  .looseObject({
    id: clientMessageId.optional(),
    type: z.enum(["human", "user"]).optional(),
    role: z.enum(["user", "human"]).optional(),
    content: z.union([z.string(), z.array(textBlock, "Send text content blocks only.").min(1)]),
  })
  .refine((m) => m.type !== undefined || m.role !== undefined, { message: 'A message needs type "human" or role "user".', path: ["type"] })
  .transform((m) => ({ id: m.id, text: (typeof m.content === "string" ? m.content : m.content.map((b) => b.text).join("\n")).trim() }))
  .refine((m) => m.text.length > 0, { message: "Write a message.", path: ["content"] })
  .refine((m) => m.text.length <= MAX_MESSAGE_CHARS, { message: `Keep it under ${MAX_MESSAGE_CHARS} characters.`, path: ["content"] });

export const runInput = z.looseObject({
  messages: z.array(inputMessage).length(1, "Send one customer message a run."),
});

/** What an operator sends to decide: the console's decision body. */
export const decisionResume = decisionBody;

/** Agent Inbox's action request; it sends every argument back as a string. */
const actionRequest = z.looseObject({ action: z.string().max(100), args: z.record(z.string(), z.unknown()) });

/** Agent Inbox's answer to a HumanInterrupt (it sends a list of one). */
export const humanResponse = z.discriminatedUnion("type", [
  z.object({ type: z.literal("accept"), args: actionRequest.nullable().optional() }),
  z.object({ type: z.literal("edit"), args: actionRequest }),
  z.object({ type: z.literal("response"), args: z.string().trim().min(1, "Write a reason.").max(500) }),
  z.object({ type: z.literal("ignore"), args: z.unknown().optional() }),
]);

export const resumeValue = z.union([decisionResume, humanResponse, z.array(humanResponse).length(1, "Answer with one response.")]);

export const STREAM_MODES = ["values", "updates", "messages", "messages-tuple", "custom", "events", "debug", "tasks", "checkpoints"] as const;

export const runBody = z
  .looseObject({
    assistant_id: z.string().min(1).max(100),
    input: runInput.nullable().optional(),
    command: z
      .looseObject({
        resume: z.unknown(),
        goto: z.undefined("Only command.resume is supported.").optional(),
        update: z.undefined("Only command.resume is supported.").optional(),
      })
      .nullable()
      .optional(),
    stream_mode: z.union([z.enum(STREAM_MODES), z.array(z.enum(STREAM_MODES)).max(STREAM_MODES.length)]).optional(),
    metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .refine((b) => (b.input ? 1 : 0) + (b.command ? 1 : 0) === 1, {
    message: "Send either input (a customer message) or command.resume (a decision).",
    path: ["input"],
  })
  .refine((b) => !b.command || b.command.resume !== undefined, { message: "command needs resume.", path: ["command", "resume"] });

/** `stream_mode` of a joined stream, repeated in the query; none means `values`. */
export const joinStreamQuery = z
  .array(z.enum(STREAM_MODES))
  .max(STREAM_MODES.length)
  .transform((modes) => (modes.length === 0 ? undefined : modes));

// ---- responses ----

export const lcMessage = z.object({
  type: z.enum(["human", "ai"]),
  id: z.string(),
  content: z.string(),
});

export const caseValue = z.object({
  caseId: z.string(),
  status: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
});

/** A thread's values: the transcript as LangChain messages, and the case it works on. */
export const threadValues = z.object({ messages: z.array(lcMessage), case: caseValue.nullable() });

export const humanInterrupt = z.object({
  action_request: z.object({
    action: z.literal("approve_refund"),
    args: z.object({
      approvalId: z.string(),
      caseId: z.string(),
      merchant: z.string(),
      amountMinor: z.number().int(),
      currency: z.string(),
      version: z.number().int(),
      approvalsNeeded: z.number().int(),
      firstApprovedBy: z.string().nullable(),
      firstApprovedAmountMinor: z.number().int().nullable(),
      policyReason: z.string(),
    }),
  }),
  config: z.object({ allow_ignore: z.boolean(), allow_respond: z.boolean(), allow_edit: z.boolean(), allow_accept: z.boolean() }),
  description: z.string(),
});

/** The same pause as its customer sees it: their refund, with an operator for review; nothing to decide, none of the bank's review. */
export const customerInterrupt = z.object({
  action_request: z.object({
    action: z.literal("approve_refund"),
    args: z.object({ caseId: z.string(), merchant: z.string(), amountMinor: z.number().int(), currency: z.string() }),
  }),
  config: humanInterrupt.shape.config,
  description: z.string(),
});

/** A pending interrupt; its value is a list of one HumanInterrupt (staff) or CustomerInterrupt (the customer), as Agent Inbox reads it. */
export const interrupt = z.object({ id: z.string(), value: z.array(z.union([humanInterrupt, customerInterrupt])) });

export const checkpoint = z.object({
  thread_id: z.string(),
  checkpoint_ns: z.string(),
  checkpoint_id: z.string().nullable(),
  checkpoint_map: z.null(),
});

export const threadTask = z.object({
  id: z.string(),
  name: z.string(),
  error: z.string().nullable(),
  interrupts: z.array(interrupt),
  checkpoint: z.null(),
  state: z.null(),
});

export const threadState = z.object({
  values: threadValues,
  next: z.array(z.string()),
  tasks: z.array(threadTask),
  checkpoint: checkpoint,
  metadata: z.object({ source: z.string().optional(), step: z.number().int().optional() }),
  created_at: isoTime.nullable(),
  parent_checkpoint: checkpoint.nullable(),
  interrupts: z.array(interrupt),
});

export const thread = z.object({
  thread_id: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
  state_updated_at: isoTime,
  metadata: z.record(z.string(), z.unknown()),
  status: z.enum(THREAD_STATUSES),
  values: threadValues,
  interrupts: z.record(z.string(), z.array(interrupt)),
});

export const assistant = z.object({
  assistant_id: z.string(),
  graph_id: z.string(),
  name: z.string(),
  description: z.string(),
  config: z.record(z.string(), z.unknown()),
  context: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  created_at: isoTime,
  updated_at: isoTime,
});

const RUN_STATUSES = ["pending", "running", "error", "success", "timeout", "interrupted"] as const;

export const run = z.object({
  run_id: z.string(),
  thread_id: z.string(),
  assistant_id: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
  status: z.enum(RUN_STATUSES),
  metadata: z.record(z.string(), z.unknown()),
  multitask_strategy: z.enum(["reject", "interrupt", "rollback", "enqueue"]),
});

/** What runs/wait and join answer: the thread's values, with the pending interrupt when it waits. */
export const runResult = threadValues.extend({ __interrupt__: z.array(interrupt).optional() });

export type LcMessage = z.infer<typeof lcMessage>;
export type ThreadValues = z.infer<typeof threadValues>;
export type HumanInterrupt = z.infer<typeof humanInterrupt>;
export type CustomerInterrupt = z.infer<typeof customerInterrupt>;
export type Interrupt = z.infer<typeof interrupt>;
export type ThreadState = z.infer<typeof threadState>;
export type Thread = z.infer<typeof thread>;
export type Assistant = z.infer<typeof assistant>;
export type Run = z.infer<typeof run>;
export type RunResult = z.infer<typeof runResult>;
export type RunBody = z.infer<typeof runBody>;
