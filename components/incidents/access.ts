import { INVESTIGATORS } from "@/app/_lib/incidents";
import type { Role } from "@/app/_lib/session";

/** Who may open the incident viewer: the same roles the incidents API serves. */
export const canInvestigate = (user: { role: Role }) => INVESTIGATORS.includes(user.role);

export const NOT_ALLOWED_REASON = "The incident viewer is for the bank's auditors and supervisors. Operators decide refunds in the approval console.";

export const THREAD_ID = /^[A-Za-z0-9_-]{1,100}$/;
