import { eq } from "drizzle-orm";
import { database } from "@/db/client";
import { verifyPassword } from "@/db/password";
import { users } from "@/db/schema";
import { ApiError } from "@/app/_lib/errors";
import { parseBody, route } from "@/app/_lib/route";
import { createSession, sessionCookie } from "@/app/_lib/session";
import { loginBody } from "./schema";

export const runtime = "nodejs";

export const POST = route(async (req) => {
  const { username, password } = await parseBody(req, loginBody);
  const { db } = database();
  const [user] = await db.select().from(users).where(eq(users.username, username));
  if (!user || !verifyPassword(password, user.passwordHash)) {
    throw new ApiError("unauthorized:login", "Wrong username or password.");
  }
  const { token, expiresAt } = await createSession(db, user.id);
  return Response.json(
    { user: { username: user.username, role: user.role, displayName: user.displayName } },
    { headers: { "set-cookie": sessionCookie(token, expiresAt) } },
  );
});
