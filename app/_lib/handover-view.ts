import type { HandoverRow } from "@/db/queries/handovers";

/** One handover as the console sees it. */
export function toHandoverView(h: HandoverRow & { customerName: string }) {
  return {
    handoverId: h.id,
    threadId: h.threadId,
    customerId: h.customerId,
    customerName: h.customerName,
    summary: h.summary,
    reason: h.reason,
    category: h.category,
    status: h.status,
    version: h.version,
    createdAt: h.createdAt,
    answeredBy: h.answeredBy,
    answeredAt: h.answeredAt,
    answer: h.answer,
    closedBy: h.closedBy,
    closedAt: h.closedAt,
  };
}
