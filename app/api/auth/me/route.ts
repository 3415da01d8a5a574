import { database } from "@/db/client";
import { route } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";

export const runtime = "nodejs";

export const GET = route(async (req) => {
  const user = await requireUser(database().db, req);
  return Response.json({ user: { username: user.username, role: user.role, displayName: user.displayName } });
});
