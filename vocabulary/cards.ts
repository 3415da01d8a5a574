/** Why a card is frozen or replaced: the cards system, the agent and the audit trail read these. */
export const CARD_FREEZE_REASONS = ["lost", "stolen", "compromised", "customer_request"] as const;
/** A replacement may also be for a damaged card, which stays usable until the new one arrives. */
export const CARD_REPLACEMENT_REASONS = [...CARD_FREEZE_REASONS, "damaged"] as const;
