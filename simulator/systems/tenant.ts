import { z } from "zod";
import { parseInput } from "../http";

export const tenantId = z.string().min(1).max(200);

const tenantQuery = z.object({ tenantId });

/** The tenant of a GET request, from `?tenantId=`; missing means 400. */
export function tenantOf(query: URLSearchParams, surface: string): string {
  return parseInput(tenantQuery, { tenantId: query.get("tenantId") ?? undefined }, surface).tenantId;
}
