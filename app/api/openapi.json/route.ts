import { openApiDocument } from "@/app/_lib/openapi/document";
import { route } from "@/app/_lib/route";

export const runtime = "nodejs";

/** The API's contract, generated from the schemas its routes parse with. Public: it holds no data. */
export const GET = route(async () => Response.json(openApiDocument()));
