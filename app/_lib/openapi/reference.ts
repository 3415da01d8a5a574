import type { oas31 } from "zod-openapi";
import type { ApiReference, ReferenceOperation } from "@/components/api-reference/types";
import { openApiDocument } from "./document";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const isRef = (value: object): value is oas31.ReferenceObject => "$ref" in value;

function resolved<T extends object>(doc: oas31.OpenAPIObject, value: T | oas31.ReferenceObject, kind: "responses" | "parameters" | "requestBodies"): T {
  if (!isRef(value)) return value;
  return (doc.components?.[kind] as Record<string, T>)[value.$ref.split("/").pop()!]!;
}

/** The OpenAPI document as the reference page shows it: operations grouped by resource, schemas as JSON. */
export function apiReference(): ApiReference {
  const doc = openApiDocument();
  const groups = new Map<string, ReferenceOperation[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const group = op.tags?.[0] ?? path.split("/")[2]?.replace(/^\{.*\}$/, "other routes") ?? "other routes";
      const body = op.requestBody && resolved<oas31.RequestBodyObject>(doc, op.requestBody, "requestBodies");
      const operations = groups.get(group) ?? [];
      operations.push({
        anchor: `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-").replace(/-+$/, ""),
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? "",
        description: op.description ?? "",
        signedIn: op.security === undefined,
        parameters: (op.parameters ?? []).map((p) => {
          const param = resolved<oas31.ParameterObject>(doc, p, "parameters");
          return { name: param.name, in: param.in, required: param.required ?? false, description: param.description ?? "", schema: pretty(param.schema) };
        }),
        body: body ? { required: body.required ?? false, schema: pretty(body.content["application/json"]?.schema) } : null,
        responses: Object.entries(op.responses ?? {}).map(([status, r]) => {
          const response = resolved<oas31.ResponseObject>(doc, r as oas31.ResponseObject, "responses");
          const content = response.content ?? {};
          const json = content["application/json"]?.schema;
          return { status, description: response.description, mediaTypes: Object.keys(content), schema: json ? pretty(json) : null };
        }),
      });
      groups.set(group, operations);
    }
  }
  return {
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description ?? "",
    groups: [...groups].map(([name, operations]) => ({ id: `group-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`, name, operations })),
    schemas: Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => ({ name, schema: pretty(schema) })),
  };
}
