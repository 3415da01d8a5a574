import useSWR from "swr";
import { errorMessage, requestJson } from "@/components/api/request-json";

type Resource<T> = { data: T | null; error: string | null; loading: boolean; reload: () => void };

/** A GET of `url`, or a POST of the body sent along (reads that reveal are POSTs). */
const load = <T>([url, sent]: readonly [string, string | undefined]) =>
  requestJson<T>(url, sent === undefined ? {} : { method: "POST", body: JSON.parse(sent) as unknown });

/**
 * Loads `url` whenever it or `body` changes (null means nothing to load), with SWR: answers to
 * an older url or body are dropped, and two views asking for the same look at once share one
 * request. With `keep`, the last answer stays on screen while the next one loads. A look is
 * audited, so it is asked again only when the view asks (a new url, a remount, `reload`), never
 * because the window regained focus or the network came back.
 */
export function useResource<T>(url: string | null, { keep = false, body }: { keep?: boolean; body?: unknown } = {}): Resource<T> {
  const sent = body === undefined ? undefined : JSON.stringify(body);
  const { data, error, isValidating, mutate } = useSWR(url ? ([url, sent] as const) : null, load<T>, {
    keepPreviousData: keep,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
  return {
    data: url ? (data ?? null) : null,
    error: error === undefined ? null : errorMessage(error),
    loading: Boolean(url) && isValidating,
    reload: () => void mutate(),
  };
}
