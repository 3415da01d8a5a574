import { useEffect, useRef } from "react";

export type ApprovalEvent = { approvalId: string; status: string; version: number };

const DEBOUNCE_MS = 200;

/**
 * Calls `onChange` (debounced) whenever the server reports an approval changed, and once
 * after the stream reconnects, since changes may have been missed meanwhile. `only`
 * limits it to one approval.
 */
export function useApprovalEvents(onChange: () => void, only?: string): void {
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/approvals/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let dropped = false;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => callback.current(), DEBOUNCE_MS);
    };
    source.addEventListener("approval", (event) => {
      if (only) {
        try {
          if ((JSON.parse((event as MessageEvent<string>).data) as ApprovalEvent).approvalId !== only) return;
        } catch {
          return;
        }
      }
      schedule();
    });
    source.addEventListener("error", () => {
      dropped = true;
    });
    source.addEventListener("open", () => {
      if (dropped) schedule();
      dropped = false;
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [only]);
}
