import { signInUnlock, staffPath, tenantPolicyBody, tenantPolicyView } from "@/app/api/tenant/schema";
import { json, type Paths } from "../operation";

const SUPERVISORS_ONLY = "`forbidden:role`: only the bank's supervisors read and change its policy.";

/** The bank's own refund policy, edited by its supervisors, and its employees' sign-in delays, which they lift. */
export const tenantPaths = {
  "/api/tenant/policy": {
    get: {
      summary: "The refund policy of the supervisor's own bank: auto-approval limit, operator limit, four-eyes threshold (minor units, in the bank's currency) and approval window.",
      description:
        "The agent applies these to the bank's conversations from the next turn after a change. A bank with no policy of its own yet answers the settings' (OPERATOR_LIMIT_MINOR, FOUR_EYES_MINOR, APPROVAL_TTL_MS and a 50.00 auto-approval limit) at version 0.",
      responses: { 200: json(tenantPolicyView, "The policy") },
      errors: { 403: SUPERVISORS_ONLY },
    },
    put: {
      summary: "Change the supervisor's bank's policy, as a compare-and-set on version; audited as `tenant.policy_changed` with the policy before and after.",
      description:
        "Every limit is a positive whole number of minor units, and they rise: auto-approval limit <= operator limit <= four-eyes threshold (otherwise 400 `bad_request:policy`, which says which pair is wrong). The approval window is 1 hour to 30 days and applies to approvals opened after the change (those waiting keep their expiry); the limits apply to every decision made after it. Every instance applies the new policy from its next turn.",
      body: tenantPolicyBody,
      responses: { 200: json(tenantPolicyView, "The policy now, at its new version") },
      errors: { 403: SUPERVISORS_ONLY, 409: "`conflict:policy`: the policy changed since it was read (currentVersion says its version now). Nothing was changed." },
    },
  },
  "/api/tenant/staff/{username}/unlock": {
    post: {
      summary: "Lift the sign-in delay of one of the supervisor's bank's employees (operator, supervisor, auditor, ops); audited as `login.unlocked`.",
      description:
        "After LOGIN_MAX_FAILURES_PER_ACCOUNT failures on an account, each address that has used its tries waits out the account's delay (1 s, doubling, up to LOGIN_MAX_DELAY_MS). An unlock forgives every failure on the account, so those addresses may try again at once; the failures still count against their addresses, so an address past LOGIN_MAX_FAILURES_PER_ADDRESS stays refused. No body.",
      path: staffPath,
      responses: { 200: json(signInUnlock, "Unlocked") },
      errors: { 403: "`forbidden:role`: only the bank's supervisors lift sign-in delays.", 404: "`not_found:staff`: the bank has no employee with this user name (customers' and other banks' accounts are not found)." },
    },
  },
} satisfies Paths;
