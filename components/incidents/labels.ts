import type { Tone } from "@/components/ui/badge";
import type { TimelineEntry } from "./types";

export const THREAD_STATUS: Record<string, { label: string; tone: Tone }> = {
  idle: { label: "Idle", tone: "neutral" },
  busy: { label: "Busy", tone: "info" },
  awaiting_approval: { label: "Awaiting approval", tone: "warning" },
};

export function threadStatus(status: string): { label: string; tone: Tone } {
  return THREAD_STATUS[status] ?? { label: status.replaceAll("_", " "), tone: "neutral" };
}

export const OPERATOR_ACTIONS: Record<string, string> = {
  "claim.taken": "Claimed the case",
  "claim.renewed": "Renewed the claim",
  "claim.taken_over": "Took over the claim",
  "claim.released": "Released the claim",
  "question.asked": "Asked the customer a question",
  "question.answered": "Answered the question",
  "approval.first_approved": "Gave the first of two approvals",
  "approval.approved": "Approved the refund",
  "approval.rejected": "Rejected the refund",
  "approval.cancelled": "Cancelled the request",
  "approval.expired": "Expired: no decision in time",
  "approval.withdrawn": "Withdrawn: a newer customer message stopped the run",
  "case.withdrawn": "Closed: a newer customer message stopped the run",
  "incident.viewed": "Opened the conversation in the incident viewer",
  "incident.revealed": "Revealed names and card numbers",
  "incident.exported": "Exported the incident report",
  "incident.replayed": "Ran a sandbox replay",
  "thread.handed_off": "Handed to a person after going in circles",
  "handover.requested": "Handed the conversation to a person",
  "handover.answered": "Answered the handed-over conversation",
  "handover.closed": "Closed the handover without an answer",
  "thread.run_stopped": "Run stopped by a newer customer message",
  "card.frozen": "Froze the customer's card",
  "card.unfrozen": "Unfroze the customer's card",
  "card.replacement_requested": "Requested a replacement card",
};

export function actionLabel(action: string): string {
  return OPERATOR_ACTIONS[action] ?? action;
}

/** "olga" -> "Olga"; "system" stays a system. */
export function actorName(actor: string): string {
  if (!actor) return "Unknown";
  if (actor === "system") return "System";
  return actor[0].toUpperCase() + actor.slice(1);
}

export const OUTCOME_TONE: Record<string, Tone> = { ok: "success", degraded: "warning", error: "danger" };

export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}

/** What a timeline entry is, in a word or two. */
export function entryLabel(entry: TimelineEntry): string {
  switch (entry.kind) {
    case "checkpoint":
      return "Checkpoint";
    case "node_event":
      return entry.system ? "System call" : "Node run";
    case "ledger_call":
      return "Ledger call";
    case "operator_action":
      return entry.action.startsWith("incident.") ? "Audit" : entry.actor === "agent" ? "Agent action" : "Operator";
    case "message":
      return entry.role === "customer" ? "Customer" : "Agent";
  }
}
