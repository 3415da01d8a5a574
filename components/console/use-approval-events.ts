import { useEffect, useRef, useSyncExternalStore } from "react";
import useSWR from "swr";
import { ApiRequestError } from "@/components/api/request-json";
import { serverTimeOf, type ServerTime } from "./use-server-clock";

export type ApprovalEvent = { approvalId: string; status: string; version: number };
export type HandoverEvent = { handoverId: string; status: string; version: number };

export type Kind = "approval" | "handover";

const DEBOUNCE_MS = 200;
/** How often a view refreshes when no live event has come. */
const FALLBACK_REFRESH_MS = 30_000;

type Subscriber = { kind: Kind; only?: string; notify: () => void };

/**
 * The page's one connection to `/api/approvals/events`, shared by every hook on it (a
 * browser allows few connections per server), opened by the first subscriber and closed
 * with the last. Once the session has ended (the stream's last event says so, or a request
 * is refused 401) it stays closed: the page no longer updates, and says so.
 */
const shared: { source: EventSource | null; subscribers: Set<Subscriber>; signedOut: boolean; onSignedOut: Set<() => void> } = {
  source: null,
  subscribers: new Set(),
  signedOut: false,
  onSignedOut: new Set(),
};

function signOut() {
  if (shared.signedOut) return;
  shared.signedOut = true;
  shared.source?.close();
  shared.source = null;
  for (const listener of shared.onSignedOut) listener();
}

/** Notes a refused request: a 401 means the session has ended, and the page stops updating. */
export function noteRefusal(error: unknown): void {
  if (error instanceof ApiRequestError && error.status === 401) signOut();
}

/** Whether the page stopped updating because the session ended. */
export function useSignedOut(): boolean {
  return useSyncExternalStore(
    (listener) => {
      shared.onSignedOut.add(listener);
      return () => shared.onSignedOut.delete(listener);
    },
    () => shared.signedOut,
    () => false,
  );
}

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
  for (const kind of ["approval", "handover"] as const) {
    source.addEventListener(kind, (event) => {
      const id = idOf(kind, (event as MessageEvent<string>).data);
      for (const s of shared.subscribers) if (s.kind === kind && (!s.only || s.only === id)) s.notify();
    });
  }
  source.addEventListener("signed_out", signOut);
  // The stream listens from here on: a change made before (while the page loaded, or while
  // the stream was down) was not told, so everyone reloads once.
  source.addEventListener("ready", () => {
    for (const s of shared.subscribers) s.notify();
  });
  return source;
}

function subscribe(subscriber: Subscriber): () => void {
  shared.subscribers.add(subscriber);
  if (!shared.signedOut) shared.source ??= open();
  return () => {
    shared.subscribers.delete(subscriber);
    if (shared.subscribers.size === 0) {
      shared.source?.close();
      shared.source = null;
    }
  };
}

/** Calls `onChange` (debounced) on each live event of `kind` (about `only`, when given), and once each time the stream (re)connects, since changes may have been missed before it listened. */
function useConsoleEvents(kind: Kind, onChange: () => void, only?: string): void {
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
        timer = setTimeout(() => {
          if (!shared.signedOut) callback.current();
        }, DEBOUNCE_MS);
      },
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [kind, only]);
}

/** A live view's answer and the server's time it was given at. */
export type Live<T> = { value: T; time: ServerTime };

/**
 * Keeps a view fresh with SWR: `key` is loaded at once, again on each live event of `kind`
 * (about `only`, when given) and every 30 s, and no more once the session has ended (the last
 * answer stays on screen). An answer to an older key is dropped; `onLoaded` sees each one that
 * arrives. `mutate` asks again now.
 */
export function useLiveResource<T extends { now: string }>(
  kind: Kind,
  key: string,
  fetcher: (key: string) => Promise<T>,
  { only, onLoaded }: { only?: string; onLoaded?: (value: T) => void } = {},
) {
  const signedOut = useSignedOut();
  const swr = useSWR<Live<T>>(
    key,
    async (k: string) => {
      const value = await fetcher(k);
      return { value, time: serverTimeOf(value.now) };
    },
    {
      refreshInterval: FALLBACK_REFRESH_MS,
      isPaused: () => shared.signedOut,
      keepPreviousData: true,
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      onError: noteRefusal,
      onSuccess: (live) => onLoaded?.(live.value),
    },
  );
  const { mutate } = swr;
  useConsoleEvents(kind, () => void mutate(), only);
  return { ...swr, signedOut };
}
