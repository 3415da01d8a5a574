"use client";

import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Pager } from "@/components/ui/pager";
import { SearchForm } from "./search-form";
import { findPageUrl, threadsApiUrl, type SearchQuery } from "./search-query";
import { ThreadResults } from "./thread-results";
import type { ThreadPage } from "./types";
import { useResource } from "./use-resource";

/** The find page: filters in the URL, results paged by the server. */
export function IncidentSearch({ initialQuery }: { initialQuery: SearchQuery }) {
  const [query, setQuery] = useState(initialQuery);
  const result = useResource<ThreadPage>(threadsApiUrl(query), { keep: true });

  useEffect(() => {
    window.history.replaceState(window.history.state, "", findPageUrl(query));
  }, [query]);

  const page = result.data;
  return (
    <section aria-labelledby="find-title" className="space-y-4">
      <div>
        <h1 id="find-title" className="text-xl font-semibold">
          Incidents
        </h1>
        <p className="text-sm text-slate-600">Find a conversation, then walk its checkpoints. Reading never re-runs anything and never moves money.</p>
      </div>
      <SearchForm query={query} onSearch={setQuery} />
      {result.error ? <Alert title="Could not search the conversations">{result.error}</Alert> : null}
      {page === null ? (
        result.loading ? (
          <p role="status" className="text-sm text-slate-600">
            Searching…
          </p>
        ) : null
      ) : page.threads.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          No conversation matches these filters.
        </p>
      ) : (
        <>
          <ThreadResults threads={page.threads} />
          <Pager label="Result pages" page={page.page} pageSize={page.pageSize} total={page.total} onPage={(p) => setQuery((q) => ({ ...q, page: p }))} />
        </>
      )}
    </section>
  );
}
