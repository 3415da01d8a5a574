/**
 * The simulator's settable clock and the ledger's idempotency key window, held in memory.
 * A key window makes the ledger forget a key once its first request is older than the
 * window, as a real payment system does: the same key with the same body then books a new
 * entry. `null` keeps every key forever. Reset restores the values the simulator started with.
 */
export class SimulatorControls {
  private offsetMs = 0;
  private windowMs: number | null;

  constructor(private readonly startWindowMs: number | null = null) {
    this.windowMs = startWindowMs;
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  keyWindowMs(): number | null {
    return this.windowMs;
  }

  setKeyWindow(ms: number | null): void {
    this.windowMs = ms;
  }

  /** The moment before which a key is forgotten, or null when keys are kept forever. */
  forgetBefore(): Date | null {
    return this.windowMs === null ? null : new Date(this.now().getTime() - this.windowMs);
  }

  reset(): void {
    this.offsetMs = 0;
    this.windowMs = this.startWindowMs;
  }

  view() {
    return { now: this.now().toISOString(), ledgerKeyWindowMs: this.windowMs };
  }
}
