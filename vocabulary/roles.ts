/** Who a signed-in user is to the bank. */
export const ROLES = ["customer", "operator", "supervisor", "auditor", "ops"] as const;
export type Role = (typeof ROLES)[number];

/** The bank's support staff: they see the approval and handover queues. */
export const STAFF: Role[] = ["operator", "supervisor", "auditor"];

/** Staff who decide refunds and answer handovers. */
export type DeciderRole = Extract<Role, "operator" | "supervisor">;
export const DECIDERS: Role[] = ["operator", "supervisor"] satisfies DeciderRole[];

/** Who may open the incident viewer and its API. */
export const INVESTIGATORS: Role[] = ["auditor", "supervisor"];

/**
 * The roles that see how the service runs (the ops page, its data, the metrics):
 * supervisors, auditors, and the ops role, which sees nothing else.
 */
export const OPERATIONS_ROLES: Role[] = ["supervisor", "auditor", "ops"];

/** The bank's own people (every role but customer): their bank's supervisor may lift their sign-in delay. */
export const EMPLOYEES: Role[] = ["operator", "supervisor", "auditor", "ops"];

/** Who edits their own bank's refund policy (limits and approval window). */
export const SUPERVISORS: Role[] = ["supervisor"];
