/** Lets a conversation and the operators deciding its approval meet: plans by thread, one-shot signals. */
import type { Plan } from "./customers";

/** A one-shot signal that can be awaited with a bound. */
class Signal {
  private fired = false;
  private waiters: (() => void)[] = [];

  fire(): void {
    this.fired = true;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** True when fired, false when `timeoutMs` passed first. */
  wait(timeoutMs: number): Promise<boolean> {
    if (this.fired) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

type Entry = { plan: Plan; seen: Signal; decided: Signal };

export class Coordination {
  private readonly threads = new Map<string, Entry>();

  register(threadId: string, plan: Plan): void {
    this.threads.set(threadId, { plan, seen: new Signal(), decided: new Signal() });
  }

  planFor(threadId: string): Plan | undefined {
    return this.threads.get(threadId)?.plan;
  }

  /** An operator has the thread's approval in front of them. */
  seen(threadId: string): Signal | undefined {
    return this.threads.get(threadId)?.seen;
  }

  /** The operators are done with the thread's approval (decided, or someone else did). */
  decided(threadId: string): Signal | undefined {
    return this.threads.get(threadId)?.decided;
  }
}
