/** The OpenAPI document as the reference page shows it: operations grouped by resource, schemas as JSON. */

export type ReferenceParameter = { name: string; in: string; required: boolean; description: string; schema: string };
export type ReferenceResponse = { status: string; description: string; mediaTypes: string[]; schema: string | null };
export type ReferenceOperation = {
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  signedIn: boolean;
  parameters: ReferenceParameter[];
  body: { required: boolean; schema: string } | null;
  responses: ReferenceResponse[];
};
export type ApiReference = {
  title: string;
  version: string;
  description: string;
  groups: { id: string; name: string; operations: ReferenceOperation[] }[];
  schemas: { name: string; schema: string }[];
};
