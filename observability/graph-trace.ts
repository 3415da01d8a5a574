import { context, trace, type Attributes, type Context, type Link, type Span } from "@opentelemetry/api";
import { currentRunTraceOf, defined, ending, recordFailure, tracer } from "./tracing";

/** Milliseconds since the epoch, on the same clock the tracer's own timestamps use. */
const now = () => performance.timeOrigin + performance.now();

/** What a node's config says about where it runs (LangGraph's own keys). */
type NodeConfig = {
  metadata?: Record<string, unknown>;
  configurable?: Record<string, unknown> & { checkpoint_map?: Record<string, string> };
};

/** A task's writes whose superstep is not known yet: saved against a checkpoint an earlier run wrote. */
type Waiting = { checkpointId: string; attributes: Attributes; links: Link[]; startTime: number; endTime?: number; failure?: { error: unknown } };

/**
 * The spans of one graph run, under the run's span. LangGraph runs a superstep's tasks and
 * then, from its own loop rather than from the tasks, saves each task's writes
 * (`putWrites`) and the checkpoint that closes the superstep (`put`): the context those
 * calls run in is the run's, not a node's. So each superstep gets a span, `agent.step`, and
 * the node attempts and the checkpoint writes of that superstep are its children; a task's
 * writes link to the node attempt whose output they save.
 *
 * Which superstep a write belongs to is read from LangGraph's bookkeeping, not guessed from
 * timing: a checkpoint's metadata names the superstep it closes, and the writes saved
 * against checkpoint N belong to superstep N + 1. A resumed run first saves the resume value
 * against a checkpoint an earlier run wrote; that write waits until the superstep is known
 * (the first node's config names its checkpoint) and is then recorded with its own times.
 */
export class RunTrace {
  /** Every superstep's span; one stays a parent after it ended (a write that finishes late). */
  private readonly steps = new Map<number, Span>();
  private ended = new Set<number>();
  /** The superstep each checkpoint closes, for the checkpoints this run has seen. */
  private readonly stepOf = new Map<string, number>();
  /** The node attempt that ran each task last, to link its writes to. */
  private readonly tasks = new Map<string, { node: string; span: Span }>();
  private waiting: Waiting[] = [];
  /** The last checkpoint this run saved: the next superstep starts when it is saved. */
  private saved?: { step: number; at: number };

  constructor(private readonly parent: Context) {}

  /** The span of superstep `step`, started when first needed (at the previous checkpoint's save, when this run saved it). */
  private step(step: number, startTime?: number): Span {
    let span = this.steps.get(step);
    if (!span) {
      const start = startTime ?? (this.saved?.step === step - 1 ? this.saved.at : undefined);
      span = tracer().startSpan("agent.step", { attributes: { "langgraph.step": step }, startTime: start }, this.parent);
      this.steps.set(step, span);
    }
    return span;
  }

  private underStep(step: number, startTime?: number): Context {
    return trace.setSpan(this.parent, this.step(step, startTime));
  }

  /** The context a node attempt's span starts in: its superstep's. */
  nodeContext(config: NodeConfig): Context {
    const step = Number(config.metadata?.langgraph_step);
    if (!Number.isFinite(step)) return context.active();
    const from = config.configurable?.checkpoint_map?.[""];
    if (from && !this.stepOf.has(from)) {
      this.stepOf.set(from, step - 1);
      this.flush(from);
    }
    return this.underStep(step);
  }

  /** Remembers which node attempt ran a task, so the task's writes link to it. */
  taskRan(config: NodeConfig, node: string, span: Span): void {
    const taskId = config.configurable?.__pregel_task_id;
    if (typeof taskId === "string") this.tasks.set(taskId, { node, span });
  }

  /** Saving the checkpoint that closes superstep `step`: a child of that step, which ends with it. */
  async put<T>(step: number, attributes: Attributes, checkpointId: string, work: () => Promise<T>): Promise<T> {
    const stepSpan = this.step(step);
    const span = tracer().startSpan("checkpoint.put", { attributes: { "langgraph.step": step, ...attributes } }, trace.setSpan(this.parent, stepSpan));
    // Known from here on: LangGraph may save writes against a checkpoint while it is being saved.
    this.stepOf.set(checkpointId, step);
    try {
      const result = await work();
      this.saved = { step, at: now() };
      return result;
    } catch (error) {
      recordFailure(span, error);
      recordFailure(stepSpan, error);
      throw error;
    } finally {
      span.end();
      stepSpan.end();
      this.ended.add(step);
    }
  }

  /** Saving a task's writes against checkpoint `checkpointId`: a child of the superstep after it. */
  async putWrites<T>(checkpointId: string, taskId: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
    const task = this.tasks.get(taskId);
    const all = { ...attributes, ...defined({ "langgraph.node": task?.node }) };
    const links = task ? [{ context: task.span.spanContext() }] : [];
    const from = this.stepOf.get(checkpointId);
    if (from !== undefined) {
      return ending(tracer().startSpan("checkpoint.put_writes", { attributes: { "langgraph.step": from + 1, ...all }, links }, this.underStep(from + 1)), work);
    }
    // LangGraph does not wait for this write before running the superstep's first task,
    // whose config says which superstep it is: the write waits from its start.
    const waiting: Waiting = { checkpointId, attributes: all, links, startTime: now() };
    this.waiting.push(waiting);
    try {
      return await work();
    } catch (error) {
      waiting.failure = { error };
      throw error;
    } finally {
      waiting.endTime = now();
      const known = this.stepOf.get(checkpointId);
      if (known !== undefined) {
        this.waiting = this.waiting.filter((w) => w !== waiting);
        this.record(waiting, this.underStep(known + 1), { "langgraph.step": known + 1 });
      }
    }
  }

  /** Records the finished writes that waited for checkpoint `checkpointId`'s superstep to be known. */
  private flush(checkpointId: string): void {
    const matching = this.waiting.filter((w) => w.checkpointId === checkpointId);
    if (matching.length === 0) return;
    const step = this.stepOf.get(checkpointId)! + 1;
    const parent = this.underStep(step, Math.min(...matching.map((w) => w.startTime)));
    const finished = matching.filter((w) => w.endTime !== undefined);
    this.waiting = this.waiting.filter((w) => !finished.includes(w));
    for (const w of finished) this.record(w, parent, { "langgraph.step": step });
  }

  private record(w: Waiting, parent: Context, extra: Attributes = {}): void {
    const span = tracer().startSpan("checkpoint.put_writes", { attributes: { ...extra, ...w.attributes }, links: w.links, startTime: w.startTime }, parent);
    if (w.failure) recordFailure(span, w.failure.error);
    span.end(w.endTime);
  }

  /**
   * The run is over: supersteps still open end here (one paused at the approval gate, one a
   * drain or a failure stopped before its checkpoint), and writes whose superstep never
   * became known are recorded under the run itself.
   */
  end(): void {
    for (const w of this.waiting) this.record(w, this.parent);
    this.waiting = [];
    for (const [step, span] of this.steps) if (!this.ended.has(step)) span.end();
    this.ended = new Set(this.steps.keys());
  }
}

/**
 * A checkpoint write outside a traced run (a state update between runs): a span under the
 * current one if there is one, none otherwise.
 */
export async function checkpointSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!trace.getActiveSpan()) return work();
  return ending(tracer().startSpan(name, { attributes }), work);
}

/** The spans of the graph run the caller is part of, when it is traced (a RunTrace is all `inRun` is given as one). */
export const currentRunTrace = (): RunTrace | undefined => currentRunTraceOf() as RunTrace | undefined;
