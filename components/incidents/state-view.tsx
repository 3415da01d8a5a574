import { prettyJson } from "./json-text";
import type { CheckpointDetail } from "./types";

const PRE = "max-h-[32rem] overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100";

/**
 * The full state at one checkpoint as pretty JSON. Fields the current state does not know
 * (a thread written by an earlier version) are set apart and shown exactly as stored.
 */
export function StateView({ detail }: { detail: CheckpointDetail }) {
  const unknown = new Set(detail.unknownFields ?? []);
  const known = Object.fromEntries(Object.entries(detail.values ?? {}).filter(([key]) => !unknown.has(key)));
  return (
    <div className="space-y-3">
      <pre tabIndex={0} aria-label={`State at step ${detail.step}`} className={PRE}>
        {prettyJson(known)}
      </pre>
      {unknown.size > 0 ? (
        <section aria-labelledby="unknown-fields-title" className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3">
          <h4 id="unknown-fields-title" className="text-sm font-semibold text-amber-900">
            Fields this version does not know
          </h4>
          <p className="text-xs text-amber-900">
            An earlier version of the agent wrote this checkpoint. These fields are shown raw, as stored; the current code does not read them.
          </p>
          <dl className="space-y-2">
            {[...unknown].map((field) => (
              <div key={field}>
                <dt className="font-mono text-xs font-semibold text-amber-950">{field}</dt>
                <dd>
                  <pre tabIndex={0} aria-label={`Raw field ${field}`} className={PRE}>
                    {prettyJson(detail.values?.[field])}
                  </pre>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
