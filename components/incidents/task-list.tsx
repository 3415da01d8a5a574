import { Badge } from "@/components/ui/badge";
import { prettyJson } from "./json-text";
import type { CheckpointEntry } from "./types";

const PRE = "max-h-64 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs text-slate-800";

/** The superstep that ran from a checkpoint: each task's writes, error, interrupts, and the answers to them. */
export function TaskList({ entry }: { entry: CheckpointEntry }) {
  const resumes = entry.resumes;
  return (
    <div className="space-y-3">
      {entry.tasks.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing ran from this checkpoint: the turn ended here.</p>
      ) : (
        <ul className="space-y-3" aria-label={`Tasks that ran from step ${entry.step}`}>
          {entry.tasks.map((task) => (
            <li key={task.taskId} data-node={task.node} className="rounded-md border border-slate-200 p-2">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-sm font-semibold">{task.node}</span>
                {task.error ? (
                  <Badge tone="danger">Failed</Badge>
                ) : task.interrupts.length ? (
                  <Badge tone="warning">Interrupted</Badge>
                ) : (
                  <Badge tone="success">Wrote</Badge>
                )}
              </p>
              {task.error ? <p className="mt-1 text-xs text-red-800">Error: {task.error}</p> : null}
              {task.writes !== null && task.writes !== undefined ? (
                <>
                  <p className="mt-1 text-xs font-medium text-slate-700">{task.error ? "Writes kept from the failed superstep" : "Writes"}</p>
                  <pre tabIndex={0} aria-label={`Writes of ${task.node}`} className={PRE}>
                    {prettyJson(task.writes)}
                  </pre>
                </>
              ) : null}
              {task.interrupts.map((interrupt, i) => (
                <div key={interrupt.id ?? i} className="mt-2 rounded border border-amber-200 bg-amber-50 p-2">
                  <p className="text-xs font-medium text-amber-900">
                    Interrupt <span className="font-mono">{interrupt.id ?? ""}</span>
                  </p>
                  <pre tabIndex={0} aria-label={`Interrupt raised by ${task.node}`} className={PRE}>
                    {prettyJson(interrupt.value)}
                  </pre>
                </div>
              ))}
            </li>
          ))}
        </ul>
      )}
      {resumes.length > 0 ? (
        <section aria-labelledby={`resumes-${entry.checkpointId}`} className="rounded-md border border-brand-100 bg-brand-50 p-2">
          <h4 id={`resumes-${entry.checkpointId}`} className="text-xs font-semibold uppercase tracking-wide text-brand-900">
            Answered with
          </h4>
          <ul className="mt-1 space-y-2" aria-label="Resume values">
            {resumes.map((resume, i) => (
              <li key={resume.interruptId ?? i}>
                <p className="text-xs text-brand-900">
                  for interrupt <span className="font-mono">{resume.interruptId ?? "(any)"}</span>
                </p>
                <pre tabIndex={0} aria-label="Resume value" className={PRE}>
                  {prettyJson(resume.value)}
                </pre>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
