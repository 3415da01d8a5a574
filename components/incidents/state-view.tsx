import type { CheckpointState } from "./types";

/** The full graph state at one checkpoint, as pretty JSON. */
export function StateView({ state }: { state: CheckpointState }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        Step <span className="font-mono">{state.step}</span> · next{" "}
        <span className="font-mono">{state.next.length > 0 ? state.next.join(", ") : "—"}</span> ·{" "}
        <span className="font-mono text-xs text-slate-500">{state.checkpointId}</span>
      </p>
      <pre
        tabIndex={0}
        aria-label={`State at step ${state.step}`}
        className="max-h-[32rem] overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100"
      >
        {JSON.stringify(state.values, null, 2)}
      </pre>
    </div>
  );
}
