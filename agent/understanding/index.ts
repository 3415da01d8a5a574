/** Understanding a customer's chat message and finding the transaction it is about. */
export type { ChatTurn, Intent, PendingTxn, RefundReason, Resolution, Txn, Understanding, UnderstandingInput } from "./types";
export { understandMessage } from "./understand";
export { paymentsPointedBetween, pickDescribed, PL_BY_PRICE_OR_TIME, resolvePending, resolveTransaction } from "./resolve";
export { buildUnderstandingMessages } from "./prompt";
export { parseUnderstanding } from "./parse-understanding";
export { OfflineBankModel } from "./offline-model";
export { parseAmountMinor } from "./amounts";
export { parseDate } from "./dates";
