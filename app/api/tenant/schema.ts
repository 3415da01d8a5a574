import { z } from "zod";
import { timestamp } from "@/app/api/schema";
import { USERNAME, USERNAME_RULE } from "@/vocabulary/usernames";

/** The largest amount Postgres keeps in a limit column (a 32-bit integer of minor units). */
const MAX_MINOR = 2_147_483_647;
const HOUR_MS = 60 * 60 * 1000;

const limit = (what: string) =>
  z
    .number()
    .int(`${what} is a whole number of minor units.`)
    .positive(`${what} must be above 0.`)
    .max(MAX_MINOR)
    .meta({ description: `${what}, in minor units (4.90 is 490).` });

/** A bank's refund policy as its supervisor reads and writes it. */
export const tenantPolicyValues = z.object({
  autoApproveMaxMinor: limit("The auto-approval limit").meta({ description: "Largest refund the policy approves without an operator (antifraud clear, no refund in 30 days), in minor units." }),
  operatorLimitMinor: limit("The operator limit").meta({ description: "Largest refund an operator may approve alone, in minor units; above it a supervisor decides." }),
  fourEyesMinor: limit("The four-eyes threshold").meta({ description: "Refunds from this amount need two different approvers, one a supervisor, in minor units." }),
  approvalWindowMs: z
    .number()
    .int()
    .min(HOUR_MS, "The approval window is at least an hour.")
    .max(30 * 24 * HOUR_MS, "The approval window is at most 30 days.")
    .meta({ description: "How long an approval waits for a decision before it expires, in milliseconds (1 hour to 30 days)." }),
});

/** Why a policy is refused: the limits must rise from auto-approval to operator to four-eyes. */
export function policyInconsistency(p: z.infer<typeof tenantPolicyValues>): string | null {
  if (p.autoApproveMaxMinor > p.operatorLimitMinor) return "The auto-approval limit may not be above the operator limit: a refund policy approves alone must be one an operator could approve.";
  if (p.operatorLimitMinor > p.fourEyesMinor) return "The operator limit may not be above the four-eyes threshold: an operator would approve alone what needs two approvers.";
  return null;
}

export const tenantPolicyBody = tenantPolicyValues
  .extend({
    version: z.number().int().min(0).max(MAX_MINOR).meta({ description: "The version the supervisor read (0 when the bank had no policy of its own yet): the change is a compare-and-set on it." }),
  })
  .strict();

export const tenantPolicyView = tenantPolicyValues
  .extend({
    tenantId: z.string(),
    name: z.string(),
    currency: z.string().length(3).meta({ description: "The currency the limits are written in." }),
    version: z.number().int().meta({ description: "Send it back with a change. 0: the bank follows the settings and has no row yet." }),
    updatedAt: timestamp.nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: "TenantPolicy" });

/** A staff account of the supervisor's bank, by user name. */
export const staffPath = z.object({ username: z.string().regex(USERNAME, USERNAME_RULE).meta({ description: "The employee's user name." }) });

export const signInUnlock = z
  .object({
    username: z.string(),
    failuresForgiven: z.number().int().min(0).meta({ description: "Failed sign-ins on the account the unlock forgave; each still counts against the address it came from." }),
  })
  .meta({ id: "SignInUnlock" });
