import type { RunControl } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { newRunRegistry, runEnded, whenIdle } from "./run-registry";

const control = () => ({ requestDrain: () => undefined }) as unknown as RunControl;

describe("waiting for this process's runs to end", () => {
  it("answers at once when nothing runs", async () => {
    expect(await whenIdle(newRunRegistry(), 10)).toBe(true);
  });

  it("answers when the last run ends, not before", async () => {
    const runs = newRunRegistry();
    const [a, b] = [control(), control()];
    runs.active.add(a).add(b);
    let idle = false;
    const waiting = whenIdle(runs, 5_000).then((value) => (idle = value));
    runEnded(runs, a);
    await Promise.resolve();
    expect(idle).toBe(false);
    runEnded(runs, b);
    expect(await waiting).toBe(true);
    expect(runs.idle.size).toBe(0);
  });

  it("gives up at its deadline and leaves no waiter behind", async () => {
    const runs = newRunRegistry();
    runs.active.add(control());
    expect(await whenIdle(runs, 20)).toBe(false);
    expect(runs.idle.size).toBe(0);
  });
});
