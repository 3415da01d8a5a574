import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError, errorMessage } from "@/components/api/request-json";
import { keepUnsent, readUnsent, type Unsent } from "./outbox";
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
 * streams replies, and polls while an operator is deciding one of its requests, or while the
 * conversation waits for a person from the bank, so the outcome or their answer shows up. A
 * message whose sending was never confirmed keeps its client id: "send again" and a
 * reload send it under that id, so the bank stores and answers it once.
 */
export function useConversation(storageKey: string) {
  const [thread, setThread] = useState<ThreadView | null>(null);
  const [pendingText, setPendingText] = useState<string | null>(null);
  const [draftReply, setDraftReply] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [starting, setStarting] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const startedFor = useRef<string | null>(null);

  const refresh = useCallback(async (threadId: string) => {
    try {
      setThread(await fetchThread(threadId));
    } catch (err) {
      setError(errorMessage(err));
    }
  }, []);

  const threadId = thread?.threadId ?? null;
  const status = thread?.status ?? null;
  const withPerson = thread?.handover?.status === "open";
  // A request taken up beside the conversation may wait for an operator while the conversation itself does not.
  const caseWaits = (thread?.cases ?? []).some((c) => c.approvalStatus === "pending");

  useEffect(() => {
    if (!threadId || sending || (status !== "awaiting_approval" && status !== "busy" && !withPerson && !caseWaits)) return;
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
  }, [threadId, status, withPerson, caseWaits, sending, refresh]);

  const [unsent, setUnsent] = useState<Unsent | null>(null);
  const remember = useCallback(
    (value: Unsent | null) => {
      keepUnsent(storageKey, value);
      setUnsent(value);
    },
    [storageKey],
  );

  const deliver = useCallback(
    async (message: Unsent): Promise<SendOutcome> => {
      remember(message);
      setSending(true);
      setError(null);
      setPendingText(message.text);
      setDraftReply("");
      let outcome: SendOutcome = "sent";
      try {
        const reply = await streamMessage(
          message.threadId,
          message.text,
          message.id,
          (piece) => setDraftReply((draft) => (draft ?? "") + piece),
          () => setDraftReply(""),
        );
        // The stored answer replaces the streamed preview at once, before the transcript is read again.
        if (reply) setDraftReply(reply);
      } catch (err) {
        // A 4xx means the bank refused it and kept nothing; otherwise it may or may not have arrived.
        outcome = err instanceof MessageRefused && err.status >= 400 && err.status < 500 ? "refused" : "failed";
        setError(errorMessage(err));
      }
      if (outcome !== "failed") remember(null);
      await refresh(message.threadId);
      setPendingText(null);
      setDraftReply(null);
      setSending(false);
      return outcome;
    },
    [refresh, remember],
  );

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
            const resumed = await fetchThread(saved);
            setThread(resumed);
            // After a reload, the message that was on its way when the page went away is sent again.
            const left = readUnsent(storageKey, resumed.threadId);
            if (left) void deliver(left);
            return;
          } catch (err) {
            if (!(err instanceof ApiRequestError && err.status === 404)) throw err;
          }
        }
        const created = await createThread();
        save(storageKey, created.threadId);
        setThread({ threadId: created.threadId, status: created.status, messages: [], case: null, cases: [], handover: null });
      } catch (err) {
        setError(errorMessage(err));
      } finally {
        setStarting(false);
      }
    },
    [storageKey, deliver],
  );

  useEffect(() => {
    if (startedFor.current === storageKey) return;
    startedFor.current = storageKey;
    void start(false);
  }, [start, storageKey]);

  const waiting = unsent?.threadId === threadId ? unsent : null;

  const send = useCallback(
    async (text: string): Promise<SendOutcome> => {
      const message = text.trim();
      if (!threadId || !message || sending) return "refused";
      const id = waiting?.text === message ? waiting.id : crypto.randomUUID();
      return deliver({ threadId, text: message, id });
    },
    [threadId, sending, waiting, deliver],
  );

  const sendAgain = useCallback(async () => {
    if (waiting && !sending) await deliver(waiting);
  }, [waiting, sending, deliver]);

  const startNew = useCallback(() => start(true), [start]);

  return { thread, pendingText, draftReply, sending, starting, error, unsent: waiting, send, sendAgain, startNew, dismissError: () => setError(null) };
}
