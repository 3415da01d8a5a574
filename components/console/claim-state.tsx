import { formatSpan } from "./durations";
import { staffName } from "./labels";
import type { ApprovalView } from "./types";

type Claim = Pick<ApprovalView, "claimedBy" | "claimExpiresAt">;

/** The claim in force at `nowMs`, or null when there is none or its lease ran out. */
export function activeClaim(claim: Claim, nowMs: number): { by: string; leftMs: number } | null {
  if (!claim.claimedBy || !claim.claimExpiresAt) return null;
  const leftMs = new Date(claim.claimExpiresAt).getTime() - nowMs;
  return leftMs > 0 ? { by: claim.claimedBy, leftMs } : null;
}

/** "Claimed by Oscar · 12 min left", "Claimed by you · …" or "Unclaimed". */
export function ClaimState({ claim, nowMs, me }: { claim: Claim; nowMs: number; me: string }) {
  const active = activeClaim(claim, nowMs);
  if (!active) return <span className="text-slate-600">Unclaimed</span>;
  return (
    <span>
      Claimed by <span className="font-medium">{active.by === me ? "you" : staffName(active.by)}</span>
      <span className="text-slate-600"> · {formatSpan(active.leftMs)} left</span>
    </span>
  );
}
