import type { Metadata } from "next";
import { getCurrentUser } from "@/app/_lib/current-user";
import { apiReference } from "@/app/_lib/openapi/reference";
import { Operation } from "@/components/api-reference/operation";
import { Prose } from "@/components/api-reference/prose";
import { SiteHeader } from "@/components/layout/site-header";

export const metadata: Metadata = { title: "API reference" };

/** The HTTP API's reference, rendered on the server from the same OpenAPI document `/api/openapi.json` serves. */
export default async function ApiReferencePage() {
  const [user, reference] = [await getCurrentUser(), apiReference()];
  return (
    <>
      <SiteHeader user={user} />
      <main className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-2xl font-semibold">{reference.title}</h1>
        <p className="mt-1 text-sm text-slate-700">
          Version {reference.version}. The machine-readable contract:{" "}
          <a href="/api/openapi.json" className="text-brand-700 underline">
            /api/openapi.json
          </a>{" "}
          (OpenAPI 3.1).
        </p>
        <Prose text={reference.description} className="mt-4 text-slate-800" />
        <nav aria-label="Resources" className="mt-6">
          <h2 className="text-lg font-semibold">Resources</h2>
          <ul className="mt-2 columns-2 text-sm">
            {reference.groups.flatMap((g) =>
              g.operations.map((op) => (
                <li key={op.anchor}>
                  <a href={`#${op.anchor}`} className="font-mono text-brand-700 underline">
                    {op.method} {op.path}
                  </a>
                </li>
              )),
            )}
          </ul>
        </nav>
        {reference.groups.map((group) => (
          <section key={group.name} aria-labelledby={group.id} className="mt-8">
            <h2 id={group.id} className="text-lg font-semibold capitalize">
              {group.name}
            </h2>
            <div className="mt-3 space-y-4">
              {group.operations.map((op) => (
                <Operation key={op.anchor} op={op} />
              ))}
            </div>
          </section>
        ))}
        <section aria-labelledby="schemas" className="mt-8">
          <h2 id="schemas" className="text-lg font-semibold">
            Shared schemas
          </h2>
          {reference.schemas.map((s) => (
            <details key={s.name} id={`schema-${s.name}`} className="mt-2">
              <summary className="cursor-pointer font-mono text-sm text-brand-700 underline">{s.name}</summary>
              <pre tabIndex={0} className="mt-1 max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
                {s.schema}
              </pre>
            </details>
          ))}
        </section>
      </main>
    </>
  );
}
