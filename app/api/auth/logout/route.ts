import { database } from "@/db/client";
import { route } from "@/app/_lib/route";
import { clearedSessionCookies, deleteSession, readSessionToken } from "@/app/_lib/session";

export const runtime = "nodejs";

export const POST = route(async (req) => {
  const token = readSessionToken(req);
  if (token) await deleteSession(database().db, token);
  const headers = new Headers({ "cache-control": "no-store" });
  for (const cookie of clearedSessionCookies()) headers.append("set-cookie", cookie);
  return Response.json({ ok: true }, { headers });
});
