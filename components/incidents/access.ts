import { INVESTIGATORS, type Role } from "@/vocabulary/roles";

/** Who may open the incident viewer: the same roles the incidents API serves. */
export const canInvestigate = (user: { role: Role }) => INVESTIGATORS.includes(user.role);

export const NOT_ALLOWED_REASON = "The incident viewer is for the bank's auditors and supervisors. Operators decide refunds in the approval console.";
