"use client";

import Link from "next/link";
import { useCallback, useRef, useState } from "react";
import { ApiRequestError, errorMessage } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import type { Perform } from "./types";
import { noteRefusal, useLiveRefresh, type Kind } from "./use-approval-events";
import { serverTimeOf, useServerClock, type ServerTime } from "./use-server-clock";

export type Message = { tone: "success" | "error"; title?: string; text: string };
type LoadError = { notFound: boolean; text: string };

/**
 * One approval or handover kept fresh: loaded at once, again on each live event about it and
 * every 30 s, with an answer that arrives after a newer request ignored. `perform` runs one
 * staff action at a time, says how it went (`refusalTitle` names a refusal) and reloads.
 */
export function useLiveDetail<T extends { now: string }>(
  kind: Kind,
  id: string,
  fetchDetail: (id: string) => Promise<T>,
  refusalTitle: (error: unknown) => string | undefined,
) {
  const [loaded, setLoaded] = useState<{ detail: T; time: ServerTime } | null>(null);
  const [loadError, setLoadError] = useState<LoadError | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const latest = useRef(0);
  const nowMs = useServerClock(loaded?.time ?? null);

  const load = useCallback(async () => {
    const request = ++latest.current;
    try {
      const detail = await fetchDetail(id);
      if (request !== latest.current) return;
      setLoaded({ detail, time: serverTimeOf(detail.now) });
      setLoadError(null);
    } catch (err) {
      noteRefusal(err);
      if (request !== latest.current) return;
      setLoadError({ notFound: err instanceof ApiRequestError && err.status === 404, text: errorMessage(err) });
    }
  }, [id, fetchDetail]);

  useLiveRefresh(kind, load, id);

  const perform: Perform = useCallback(
    async (action) => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setBusy(true);
      setMessage(null);
      try {
        setMessage({ tone: "success", text: await action() });
        return true;
      } catch (err) {
        setMessage({ tone: "error", title: refusalTitle(err), text: errorMessage(err) });
        return false;
      } finally {
        await load();
        inFlight.current = false;
        setBusy(false);
      }
    },
    [load, refusalTitle],
  );

  return { detail: loaded?.detail ?? null, loadError, message, busy, nowMs, perform };
}

/** What a page shows before its first answer: a loading line, or why it could not load and the way back. */
export function NotLoaded({ loadError, what, notFoundTitle }: { loadError: LoadError | null; what: string; notFoundTitle: string }) {
  if (!loadError) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading the {what}…
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <Alert title={loadError.notFound ? notFoundTitle : `Could not load the ${what}`}>{loadError.text}</Alert>
      <Link href="/console" className="text-sm font-medium text-brand-700 underline underline-offset-2">
        Back to the queue
      </Link>
    </div>
  );
}
