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
  autoApproveMaxMinor: limit("The auto-approval limit").meta({
    description: "Largest refund the policy approves without an operator (antifraud clear, no refund in 30 days), in minor units.",
  }),
  operatorLimitMinor: limit("The operator limit").meta({
    description: "Largest refund an operator may approve alone, in minor units; above it a supervisor decides.",
  }),
  fourEyesMinor: limit("The four-eyes threshold").meta({
    description: "Refunds from this amount need two different approvers, one a supervisor, in minor units.",
  }),
  approvalWindowMs: z
    .number()
    .int()
    .min(HOUR_MS, "The approval window is at least an hour.")
    .max(30 * 24 * HOUR_MS, "The approval window is at most 30 days.")
    .meta({ description: "How long an approval waits for a decision before it expires, in milliseconds (1 hour to 30 days)." }),
});

/** Why a policy is refused: the limits must rise from auto-approval to operator to four-eyes. */
export function policyInconsistency(p: z.infer<typeof tenantPolicyValues>): string | null {
  if (p.autoApproveMaxMinor > p.operatorLimitMinor)
    return "The auto-approval limit may not be above the operator limit: a refund policy approves alone must be one an operator could approve.";
  if (p.operatorLimitMinor > p.fourEyesMinor)
    return "The operator limit may not be above the four-eyes threshold: an operator would approve alone what needs two approvers.";
  return null;
}

type PolicyValues = z.infer<typeof tenantPolicyValues>;

/** What a change loosens: a higher limit or threshold lets more through with fewer people, a longer window lets an approval wait longer. */
const LOOSER_WHEN_HIGHER = [
  "autoApproveMaxMinor",
  "operatorLimitMinor",
  "fourEyesMinor",
  "approvalWindowMs",
] as const satisfies readonly (keyof PolicyValues)[];

/**
 * The figures a change would loosen; empty when it only tightens or keeps them. A loosening
 * waits for a second supervisor of the bank, a tightening applies at once.
 */
export function loosenings(before: PolicyValues, after: PolicyValues): (keyof PolicyValues)[] {
  return LOOSER_WHEN_HIGHER.filter((name) => after[name] > before[name]);
}

export const tenantPolicyBody = tenantPolicyValues
  .extend({
    version: z
      .number()
      .int()
      .min(0)
      .max(MAX_MINOR)
      .meta({ description: "The version the supervisor read (0 when the bank had no policy of its own yet): the change is a compare-and-set on it." }),
  })
  .strict();

/** A loosening one supervisor proposed, waiting for another of the bank's supervisors. */
export const policyChangeView = tenantPolicyValues
  .extend({
    id: z.string(),
    baseVersion: z.number().int().meta({ description: "The policy version it was proposed against: confirming it after another change is 409." }),
    loosens: z.array(z.enum(LOOSER_WHEN_HIGHER)).meta({ description: "The figures it loosens." }),
    proposedBy: z.string(),
    proposedByYou: z.boolean().meta({ description: "Whether the signed-in supervisor proposed it: they may withdraw it, not confirm it." }),
    proposedAt: timestamp,
    expiresAt: timestamp.meta({ description: "Not confirmed by then, it lapses." }),
  })
  .meta({ id: "TenantPolicyChange" });

export const tenantPolicyView = tenantPolicyValues
  .extend({
    pendingChange: policyChangeView.nullable().meta({ description: "A loosening waiting for a second supervisor; null when none waits." }),
    autoApproveCeilingMinor: z
      .number()
      .int()
      .meta({ description: "The deployment's ceiling on every bank's auto-approval limit (AUTO_APPROVE_CEILING_MINOR), in minor units." }),
    tenantId: z.string(),
    name: z.string(),
    currency: z.string().length(3).meta({ description: "The currency the limits are written in." }),
    version: z.number().int().meta({ description: "Send it back with a change. 0: the bank follows the settings and has no row yet." }),
    updatedAt: timestamp.nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: "TenantPolicy" });

export const policyChangeAnswer = z
  .object({
    answer: z
      .enum(["confirm", "reject"])
      .meta({ description: "`confirm` applies the change (another supervisor than its proposer only); `reject` ends it (by its proposer: withdraws it)." }),
  })
  .strict();

/** A staff account of the supervisor's bank, by user name. */
export const staffPath = z.object({ username: z.string().regex(USERNAME, USERNAME_RULE).meta({ description: "The employee's user name." }) });

export const signInUnlock = z
  .object({
    username: z.string(),
    failuresForgiven: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Failed sign-ins on the account the unlock forgave; each still counts against the address it came from." }),
  })
  .meta({ id: "SignInUnlock" });
