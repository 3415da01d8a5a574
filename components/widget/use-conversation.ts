import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError, errorMessage } from "@/components/api/request-json";
import { createThread, fetchThread, MessageRefused, streamMessage } from "./thread-api";
import type { ThreadView } from "./types";

const POLL_MS = 2000;

export type SendOutcome = "sent" | "refused" | "failed";

function readSaved(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function save(key: string, threadId: string) {
  try {
    window.localStorage.setItem(key, threadId);
  } catch {
    return;
  }
}

/**
 * One customer conversation: resumes the thread kept under `storageKey` (or starts one),
 * streams replies, and polls while an operator is deciding so the outcome shows up.
 */
export function useConversation(storageKey: string) {
  const [thread, setThread] = useState<ThreadView | null>(null);
  const [pendingText, setPendingText] = useState<string | null>(null);
  const [draftReply, setDraftReply] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [starting, setStarting] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const startedFor = useRef<string | null>(null);

  const start = useCallback(
    async (fresh: boolean) => {
      setStarting(true);
      setError(null);
      setPendingText(null);
      setDraftReply(null);
      try {
        const saved = fresh ? null : readSaved(storageKey);
        if (saved) {
          try {
            setThread(await fetchThread(saved));
            return;
          } catch (err) {
            if (!(err instanceof ApiRequestError && err.status === 404)) throw err;
          }
        }
        const created = await createThread();
        save(storageKey, created.threadId);
        setThread({ threadId: created.threadId, status: created.status, messages: [], case: null });
      } catch (err) {
        setError(errorMessage(err));
      } finally {
        setStarting(false);
      }
    },
    [storageKey],
  );

  useEffect(() => {
    if (startedFor.current === storageKey) return;
    startedFor.current = storageKey;
    void start(false);
  }, [start, storageKey]);

  const refresh = useCallback(async (threadId: string) => {
    try {
      setThread(await fetchThread(threadId));
    } catch (err) {
      setError(errorMessage(err));
    }
  }, []);

  const threadId = thread?.threadId ?? null;
  const status = thread?.status ?? null;

  useEffect(() => {
    if (!threadId || sending || (status !== "awaiting_approval" && status !== "busy")) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      await refresh(threadId);
      if (!cancelled) timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [threadId, status, sending, refresh]);

  // A message whose sending failed keeps its id, so sending it again after a dropped
  // connection is stored and answered once even if the server did receive the first try.
  const unsent = useRef<{ text: string; id: string } | null>(null);

  const send = useCallback(
    async (text: string): Promise<SendOutcome> => {
      const message = text.trim();
      if (!threadId || !message || sending) return "refused";
      const clientMessageId = unsent.current?.text === message ? unsent.current.id : crypto.randomUUID();
      unsent.current = { text: message, id: clientMessageId };
      setSending(true);
      setError(null);
      setPendingText(message);
      setDraftReply("");
      let outcome: SendOutcome = "sent";
      try {
        await streamMessage(threadId, message, clientMessageId, (piece) => setDraftReply((draft) => (draft ?? "") + piece));
        unsent.current = null;
      } catch (err) {
        outcome = err instanceof MessageRefused ? "refused" : "failed";
        setError(errorMessage(err));
      }
      await refresh(threadId);
      setPendingText(null);
      setDraftReply(null);
      setSending(false);
      return outcome;
    },
    [threadId, sending, refresh],
  );

  const startNew = useCallback(() => start(true), [start]);

  return { thread, pendingText, draftReply, sending, starting, error, send, startNew, dismissError: () => setError(null) };
}
