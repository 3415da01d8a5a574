import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

type Doc = { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>; components?: { responses?: Record<string, unknown> } };
type MediaTypes = Record<string, { schema?: unknown }>;
type ResponseObject = { $ref?: string; content?: MediaTypes };

/** What a test saw: enough to find the documented answer and check the body against it. */
export type Seen = { method: string; url: string; status: number; contentType: string | null; body: () => Promise<string> };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

/**
 * Checks answers against the OpenAPI document: the path, method and status must be
 * documented, and a JSON body must match the schema documented for them. Each schema is
 * compiled once, the first time an answer needs it.
 */
export function contract(document: object) {
  const doc = document as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, "openapi");
  const compiled = new Map<string, ValidateFunction>();
  const templates = Object.keys(doc.paths ?? {}).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    literals: template.split("/").filter((s) => s && !s.startsWith("{")).length,
  }));

  /** The documented path for a URL: the most literal match; paths no route serves fall to `/api/{path}`. */
  function templateOf(pathname: string): string | undefined {
    const matches = templates.filter((t) => t.pattern.test(pathname)).sort((a, b) => b.literals - a.literals);
    return matches[0]?.template ?? (pathname.startsWith("/api/") && doc.paths?.["/api/{path}"] ? "/api/{path}" : undefined);
  }

  function validator(ref: string): ValidateFunction {
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
    return validate;
  }

  /** Everything wrong with one answer; empty when it is as documented. */
  async function problems(seen: Seen): Promise<string[]> {
    const pathname = new URL(seen.url).pathname;
    const method = seen.method.toLowerCase();
    const where = `${seen.method} ${pathname} -> ${seen.status}`;
    const template = templateOf(pathname);
    const operation = template ? doc.paths?.[template]?.[method] : undefined;
    if (!template || !operation) return [`${where}: no such operation in the document`];
    let base = pointer("paths", template, method, "responses", String(seen.status));
    let response = operation.responses?.[String(seen.status)] as ResponseObject | undefined;
    if (!response) return [`${where}: status not documented for ${seen.method} ${template}`];
    if (response.$ref) {
      const name = response.$ref.split("/").pop()!;
      base = pointer("components", "responses", name);
      response = doc.components?.responses?.[name] as ResponseObject;
    }
    const mediaType = (seen.contentType ?? "").split(";")[0]!.trim();
    if (!response.content?.[mediaType])
      return [`${where}: ${mediaType || "no content type"} not documented (documented: ${Object.keys(response.content ?? {}).join(", ") || "no body"})`];
    if (mediaType !== "application/json") return [];
    const validate = validator(`openapi#/${base}/${pointer("content", mediaType, "schema")}`);
    const text = await seen.body();
    if (validate(JSON.parse(text))) return [];
    return (validate.errors ?? []).map((e) => `${where}: ${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)} in ${text.slice(0, 300)}`);
  }

  return { templateOf, problems };
}

export type Contract = ReturnType<typeof contract>;
