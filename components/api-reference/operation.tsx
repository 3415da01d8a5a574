import type { ReferenceOperation } from "./types";
import { Card } from "@/components/ui/card";
import { Prose } from "./prose";

const METHOD_TONE: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  DELETE: "bg-rose-100 text-rose-900",
};

function Schema({ label, json }: { label: string; json: string }) {
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm text-brand-700 underline">{label}</summary>
      <pre tabIndex={0} className="mt-1 max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
        {json}
      </pre>
    </details>
  );
}

/** One operation: what it does, its parameters, its body and every answer it may give. */
export function Operation({ op }: { op: ReferenceOperation }) {
  return (
    <Card as="article" className="p-4" aria-labelledby={op.anchor}>
      <h3 id={op.anchor} className="flex flex-wrap items-center gap-2 font-mono text-sm font-semibold">
        <span className={`rounded px-2 py-0.5 ${METHOD_TONE[op.method] ?? "bg-amber-100 text-amber-900"}`}>{op.method}</span>{" "}
        <span className="break-all">{op.path}</span>
      </h3>
      <Prose text={op.summary} className="mt-2 text-slate-900" />
      <Prose text={op.description} className="mt-2 text-sm text-slate-700" />
      <p className="mt-2 text-sm text-slate-700">{op.signedIn ? "Needs a session." : "Public: no session needed."}</p>
      {op.parameters.length > 0 && (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">
            Parameters of {op.method} {op.path}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="py-1 pr-3 font-medium">
                Parameter
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                In
              </th>
              <th scope="col" className="py-1 font-medium">
                Schema
              </th>
            </tr>
          </thead>
          <tbody>
            {op.parameters.map((p) => (
              <tr key={`${p.in}-${p.name}`} className="border-b border-slate-100 align-top">
                <td className="py-1 pr-3 font-mono">
                  {p.name}
                  {p.required ? " (required)" : ""}
                </td>
                <td className="py-1 pr-3">{p.in}</td>
                <td className="py-1">
                  <Prose text={p.description} className="text-slate-700" />
                  <Schema label="schema" json={p.schema} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {op.body && (
        <div className="mt-3 text-sm">
          <h4 className="font-medium">Body (application/json{op.body.required ? "" : ", optional"})</h4>
          <Schema label="request schema" json={op.body.schema} />
        </div>
      )}
      <h4 className="mt-3 text-sm font-medium">Answers</h4>
      <ul className="mt-1 space-y-2 text-sm">
        {op.responses.map((r) => (
          <li key={r.status} className="border-l-2 border-slate-200 pl-3">
            <span className="font-mono font-semibold">{r.status}</span> <span className="text-slate-700">{r.mediaTypes.join(", ")}</span>
            <Prose text={r.description} className="text-slate-800" />
            {r.schema && <Schema label={`${r.status} schema`} json={r.schema} />}
          </li>
        ))}
      </ul>
    </Card>
  );
}
