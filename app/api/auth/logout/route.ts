import { database } from "@/db/client";
import { route } from "@/app/_lib/route";
import { clearedSessionCookie, deleteSession, readSessionToken } from "@/app/_lib/session";

export const runtime = "nodejs";

export const POST = route(async (req) => {
  const token = readSessionToken(req);
  if (token) await deleteSession(database().db, token);
  return Response.json({ ok: true }, { headers: { "set-cookie": clearedSessionCookie() } });
});
