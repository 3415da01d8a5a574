import { Button } from "@/components/ui/button";
import { claim, releaseClaim } from "./approval-api";
import { activeClaim, ClaimState } from "./claim-state";
import { staffName } from "./labels";
import type { ApprovalView, Perform, Viewer } from "./types";

type ClaimControlsProps = { approval: ApprovalView; viewer: Viewer; nowMs: number; busy: boolean; perform: Perform };

/** Who is working on the case, and claim, renew, release or (supervisors) take over. */
export function ClaimControls({ approval, viewer, nowMs, busy, perform }: ClaimControlsProps) {
  const active = activeClaim(approval, nowMs);
  const mine = active?.by === viewer.username;
  const supervisor = viewer.role === "supervisor";
  const canAct = viewer.role === "operator" || supervisor;
  const id = approval.approvalId;

  const take = (takeover: boolean) =>
    perform(async () => {
      await claim(id, takeover);
      return takeover
        ? `You took the case over from ${staffName(active?.by ?? "")}.`
        : mine
          ? "Your claim is renewed for 15 minutes."
          : "You have claimed the case for 15 minutes.";
    });
  const release = () =>
    perform(async () => {
      await releaseClaim(id);
      return "The claim is released.";
    });

  return (
    <div className="space-y-2">
      <p className="text-sm" data-testid="claim-state">
        <ClaimState claim={approval} nowMs={nowMs} me={viewer.username} />
      </p>
      {active && !mine ? (
        <p className="text-xs text-slate-700">
          Only {staffName(active.by)} can decide while the claim lasts; {supervisor ? "take it over to decide." : "a supervisor can take it over."}
        </p>
      ) : null}
      {canAct ? (
        <div className="flex flex-wrap gap-2">
          {!active ? (
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => void take(false)}>
              Claim
            </Button>
          ) : null}
          {mine ? (
            <>
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => void take(false)}>
                Renew claim
              </Button>
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => void release()}>
                Release
              </Button>
            </>
          ) : null}
          {active && !mine && supervisor ? (
            <>
              <Button size="sm" variant="secondary" disabled={busy} onClick={() => void take(true)}>
                Take over
              </Button>
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => void release()}>
                Release
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
