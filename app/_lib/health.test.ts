import { describe, expect, it } from "vitest";
import { cachedHealth, type HealthAnswer } from "./health";

const UP: HealthAnswer = { ok: true, database: true, systems: { limits: true, history: true, antifraud: true, ledger: true, cards: true } };

function fakeCheck() {
  const pending: { resolve: (a: HealthAnswer) => void; reject: (e: Error) => void }[] = [];
  const check = () => new Promise<HealthAnswer>((resolve, reject) => pending.push({ resolve, reject }));
  return { check, pending };
}

describe("the cached health answer", () => {
  it("lets concurrent callers wait for one look, keeps its answer for the ttl after it arrives, then looks again", async () => {
    let clock = 0;
    const { check, pending } = fakeCheck();
    const health = cachedHealth(check, 1000, () => clock);
    const waiting = [health(), health(), health()];
    expect(pending).toHaveLength(1);
    clock = 3000; // a slow look: the ttl counts from its answer
    pending[0]!.resolve(UP);
    expect(await Promise.all(waiting)).toEqual([UP, UP, UP]);
    clock = 3999;
    await health();
    expect(pending).toHaveLength(1);
    clock = 4000;
    void health();
    expect(pending).toHaveLength(2);
  });

  it("keeps no look that failed outright: the next caller looks again", async () => {
    const { check, pending } = fakeCheck();
    const health = cachedHealth(check, 1000, () => 0);
    const first = health();
    pending[0]!.reject(new Error("database pool gone"));
    await expect(first).rejects.toThrow("database pool gone");
    void health();
    expect(pending).toHaveLength(2);
  });
});
