import { policyChangeAnswer, signInUnlock, staffPath, tenantPolicyBody, tenantPolicyView } from "@/app/api/tenant/schema";
import { json, type Paths } from "../operation";
import { id } from "./params";

const SUPERVISORS_ONLY = "`forbidden:role`: only the bank's supervisors read and change its policy.";

/** The bank's own refund policy, edited by its supervisors, and its employees' sign-in delays, which they lift. */
export const tenantPaths = {
  "/api/tenant/policy": {
    get: {
      summary:
        "The refund policy of the supervisor's own bank: auto-approval limit, operator limit, four-eyes threshold (minor units, in the bank's currency) and approval window.",
      description:
        "The agent applies these to the bank's conversations from the next turn after a change. A bank with no policy of its own yet answers the settings' (OPERATOR_LIMIT_MINOR, FOUR_EYES_MINOR, APPROVAL_TTL_MS and a 50.00 auto-approval limit) at version 0.",
      responses: { 200: json(tenantPolicyView, "The policy") },
      errors: { 403: SUPERVISORS_ONLY },
    },
    put: {
      summary:
        "Change the supervisor's bank's policy, as a compare-and-set on version: a tightening applies at once (200, audited as `tenant.policy_changed` with the policy before and after); a loosening waits for a second supervisor (202).",
      description:
        "A change that raises the auto-approval limit, the operator limit or the four-eyes threshold, or widens the approval window, does not apply: it becomes the bank's `pendingChange` (replacing any earlier one), audited as `tenant.policy_change_proposed`, until another supervisor of the bank confirms it with `POST /api/tenant/policy/changes/{id}` or it lapses (POLICY_CHANGE_TTL_MS). A change that only lowers or keeps figures applies at once. The auto-approval limit may not exceed the deployment's ceiling (`autoApproveCeilingMinor`, AUTO_APPROVE_CEILING_MINOR). Every limit is a positive whole number of minor units, and they rise: auto-approval limit <= operator limit <= four-eyes threshold (otherwise 400 `bad_request:policy`, which says which pair is wrong). The approval window is 1 hour to 30 days and applies to approvals opened after the change (those waiting keep their expiry); the limits apply to every decision made after it. Every instance applies the new policy from its next turn.",
      body: tenantPolicyBody,
      responses: {
        200: json(tenantPolicyView, "The policy now, at its new version"),
        202: json(tenantPolicyView, "The policy unchanged, with the loosening as its pendingChange"),
      },
      errors: {
        403: SUPERVISORS_ONLY,
        409: "`conflict:policy`: the policy changed since it was read (currentVersion says its version now). Nothing was changed.",
      },
    },
  },
  "/api/tenant/policy/changes/{id}": {
    post: {
      summary:
        "Confirm or reject the bank's pending policy change: confirming applies it, audited as `tenant.policy_change_confirmed` and `tenant.policy_changed` with who proposed and who confirmed.",
      description:
        "Only another supervisor of the same bank than the one who proposed it may confirm (403 `forbidden:four_eyes` for the proposer, who may only withdraw it with `reject`). A change proposed against a version the policy has since left, or no longer pending (confirmed, rejected, withdrawn, replaced, lapsed), is 409 `conflict:policy_change` and changes nothing. Approvals already open keep the limits they opened under; a confirmed loosening applies to approvals opened after it.",
      path: id,
      body: policyChangeAnswer,
      responses: { 200: json(tenantPolicyView, "The policy now") },
      errors: {
        403: `${SUPERVISORS_ONLY} \`forbidden:four_eyes\`: you proposed it.`,
        404: "`not_found:policy_change`: no such change for your bank.",
        409: "`conflict:policy_change`: the change is no longer pending, or the policy moved on since it was proposed.",
      },
    },
  },
  "/api/tenant/staff/{username}/unlock": {
    post: {
      summary: "Lift the sign-in delay of one of the supervisor's bank's employees (operator, supervisor, auditor, ops); audited as `login.unlocked`.",
      description:
        "After LOGIN_MAX_FAILURES_PER_ACCOUNT failures on an account, each address that has used its tries waits out the account's delay (1 s, doubling, up to LOGIN_MAX_DELAY_MS). An unlock forgives every failure on the account, so those addresses may try again at once; the failures still count against their addresses, so an address past LOGIN_MAX_FAILURES_PER_ADDRESS stays refused. No body.",
      path: staffPath,
      responses: { 200: json(signInUnlock, "Unlocked") },
      errors: {
        403: "`forbidden:role`: only the bank's supervisors lift sign-in delays.",
        404: "`not_found:staff`: the bank has no employee with this user name (customers' and other banks' accounts are not found).",
      },
    },
  },
} satisfies Paths;
