import { useCallback, useEffect, useState } from "react";
import { errorMessage, isAbort, requestJson } from "@/components/api/request-json";

type Resource<T> = { data: T | null; error: string | null; loading: boolean; reload: () => void };

/**
 * Loads `url` whenever it or `body` changes (null means nothing to load); stale answers
 * are dropped. A GET, or a POST of `body` when there is one (reads that reveal are POSTs).
 * With `keep`, the last answer stays on screen while the next one loads.
 */
export function useResource<T>(url: string | null, { keep = false, body }: { keep?: boolean; body?: unknown } = {}): Resource<T> {
  const sent = body === undefined ? undefined : JSON.stringify(body);
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(Boolean(url));
  const [generation, setGeneration] = useState(0);

  // A new request (another url or body, or a reload) clears the last error, and the last answer unless it is kept, as it renders.
  const [requested, setRequested] = useState({ url, sent, generation });
  if (requested.url !== url || requested.sent !== sent || requested.generation !== generation) {
    setRequested({ url, sent, generation });
    if (!keep || !url) setData(null);
    setError(null);
    setLoading(Boolean(url));
  }

  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    const init = sent === undefined ? {} : { method: "POST" as const, body: JSON.parse(sent) as unknown };
    requestJson<T>(url, { ...init, signal: controller.signal })
      .then((result) => setData(result))
      .catch((err: unknown) => {
        if (!isAbort(err)) setError(errorMessage(err));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [url, sent, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data, error, loading, reload };
}
