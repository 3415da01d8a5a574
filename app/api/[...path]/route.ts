import { ApiError } from "@/app/_lib/errors";
import { route } from "@/app/_lib/route";

export const runtime = "nodejs";

/**
 * Any API path no route serves: a JSON 404 with the API's headers, after the same
 * origin and media-type checks as every other route, instead of the HTML not-found page.
 */
const missing = route<{ path: string[] }>(async () => {
  throw new ApiError("not_found:route", "There is no such API route.");
});

export const GET = missing;
export const POST = missing;
export const PUT = missing;
export const PATCH = missing;
export const DELETE = missing;
