"use client";

import Link from "next/link";
import { useCallback, useRef, useState } from "react";
import { ApiRequestError, errorMessage } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import type { Perform } from "./types";
import { useLiveResource, type Kind } from "./use-approval-events";
import { useServerClock } from "./use-server-clock";

export type Message = { tone: "success" | "error"; title?: string; text: string };
type LoadError = { notFound: boolean; text: string };

/**
 * One approval or handover kept fresh: loaded at once, again on each live event about it and
 * every 30 s (`useLiveResource`). `perform` runs one
 * staff action at a time, says how it went (`refusalTitle` names a refusal) and reloads.
 */
export function useLiveDetail<T extends { now: string }>(
  kind: Kind,
  id: string,
  fetchDetail: (id: string) => Promise<T>,
  refusalTitle: (error: unknown) => string | undefined,
) {
  const { data: loaded, error, mutate } = useLiveResource(kind, `${kind}:${id}`, () => fetchDetail(id), { only: id });
  const loadError: LoadError | null =
    error === undefined ? null : { notFound: error instanceof ApiRequestError && error.status === 404, text: errorMessage(error) };
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const nowMs = useServerClock(loaded?.time ?? null);

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
        await mutate();
        inFlight.current = false;
        setBusy(false);
      }
    },
    [mutate, refusalTitle],
  );

  return { detail: loaded?.value ?? null, loadError, message, busy, nowMs, perform };
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
