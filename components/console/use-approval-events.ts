import { useEffect, useRef } from "react";

export type ApprovalEvent = { approvalId: string; status: string; version: number };
export type HandoverEvent = { handoverId: string; status: string; version: number };

export type Kind = "approval" | "handover";

const DEBOUNCE_MS = 200;

type Subscriber = { kind: Kind; only?: string; notify: () => void };

/**
 * The page's one connection to `/api/approvals/events`, shared by every hook on it (a
 * browser allows few connections per server), opened by the first subscriber and closed
 * with the last.
 */
const shared: { source: EventSource | null; subscribers: Set<Subscriber> } = { source: null, subscribers: new Set() };

function idOf(kind: Kind, data: string): string | null {
  try {
    const event = JSON.parse(data) as Partial<ApprovalEvent & HandoverEvent>;
    return (kind === "approval" ? event.approvalId : event.handoverId) ?? null;
  } catch {
    return null;
  }
}

function open(): EventSource {
  const source = new EventSource("/api/approvals/events");
  let dropped = false;
  for (const kind of ["approval", "handover"] as const) {
    source.addEventListener(kind, (event) => {
      const id = idOf(kind, (event as MessageEvent<string>).data);
      for (const s of shared.subscribers) if (s.kind === kind && (!s.only || s.only === id)) s.notify();
    });
  }
  source.addEventListener("error", () => {
    dropped = true;
  });
  source.addEventListener("open", () => {
    // Changes may have been missed while the stream was down: everyone reloads once.
    if (dropped) for (const s of shared.subscribers) s.notify();
    dropped = false;
  });
  return source;
}

function subscribe(subscriber: Subscriber): () => void {
  shared.subscribers.add(subscriber);
  shared.source ??= open();
  return () => {
    shared.subscribers.delete(subscriber);
    if (shared.subscribers.size === 0) {
      shared.source?.close();
      shared.source = null;
    }
  };
}

export function useConsoleEvents(kind: Kind, onChange: () => void, only?: string): void {
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribe({
      kind,
      only,
      notify: () => {
        clearTimeout(timer);
        timer = setTimeout(() => callback.current(), DEBOUNCE_MS);
      },
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [kind, only]);
}

/**
 * Calls `onChange` (debounced) whenever the server reports an approval changed, and once
 * after the stream reconnects, since changes may have been missed meanwhile. `only`
 * limits it to one approval.
 */
export function useApprovalEvents(onChange: () => void, only?: string): void {
  useConsoleEvents("approval", onChange, only);
}

/** The same for handovers: `onChange` runs when one opens, is answered or is closed (`only`: this one). */
export function useHandoverEvents(onChange: () => void, only?: string): void {
  useConsoleEvents("handover", onChange, only);
}
