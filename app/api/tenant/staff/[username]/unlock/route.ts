import { unlockSignIn } from "@/app/api/auth/login/throttle";
import { ApiError } from "@/app/_lib/errors";
import { route, services } from "@/app/_lib/route";
import { parseWith } from "@/app/_lib/request-body";
import { requireUser } from "@/app/_lib/session";
import { SUPERVISORS } from "@/vocabulary/roles";
import { staffPath } from "../../../schema";

export const runtime = "nodejs";

/** Lifts the sign-in delay of one of the supervisor's bank's employees; audited as `login.unlocked`. */
export const POST = route<{ username: string }>(async (req, params) => {
  const { db } = services();
  const supervisor = await requireUser(db, req, SUPERVISORS);
  const { username } = parseWith(staffPath, params, "username");
  const unlocked = await unlockSignIn(db, { tenantId: supervisor.tenantId, actor: supervisor.username, username, at: new Date() });
  if (!unlocked) throw new ApiError("not_found:staff", "Your bank has no staff account with this user name.");
  return Response.json(unlocked);
});
