import { useLocale, useTranslations } from "use-intl";
import { Badge, type Tone } from "@/components/ui/badge";
import { languageOr } from "@/i18n/languages";
import { wordsFor } from "@/i18n/words";
import type { CaseStatus, ThreadCase } from "./types";

/** How each standing of a case looks. */
const TONES: Record<CaseStatus | "waiting_for_answer", Tone> = {
  open: "info",
  awaiting_approval: "warning",
  approved: "info",
  refunded: "success",
  rejected: "danger",
  cancelled: "neutral",
  expired: "neutral",
  failed: "warning",
  waiting_for_answer: "warning",
};

/** One refund case: its amount, the shop when the conversation has several, and where it stands. */
function CaseLine({ kase, named }: { kase: ThreadCase; named: boolean }) {
  const t = useTranslations("widget.case");
  const { money } = wordsFor(languageOr(useLocale().slice(0, 2)));
  const status = kase.openQuestion ? "waiting_for_answer" : kase.status;
  return (
    <p className="flex items-center justify-between gap-2">
      <span>
        {t.rich("refundOf", {
          amount: money(kase.approvedAmountMinor ?? kase.amountMinor, kase.currency),
          strong: (chunks) => <span className="font-semibold">{chunks}</span>,
        })}
        {kase.approvedAmountMinor != null && kase.approvedAmountMinor !== kase.amountMinor
          ? t("ofPayment", { amount: money(kase.amountMinor, kase.currency) })
          : null}
        {named && kase.merchant ? t("atShop", { merchant: kase.merchant }) : null}
      </span>
      <Badge tone={TONES[status] ?? "neutral"}>{t("status", { status })}</Badge>
    </p>
  );
}

/** The conversation's refund cases at a glance: amount and where each stands, the latest changed first. */
export function CaseStatusBar({ cases }: { cases: ThreadCase[] }) {
  const t = useTranslations("widget.case");
  return (
    <div role="status" aria-label={t("label")} className="min-h-9 space-y-1 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-700">
      {cases.length > 0 ? (
        cases.map((kase) => <CaseLine key={kase.caseId} kase={kase} named={cases.length > 1} />)
      ) : (
        <p className="text-slate-500">{t("none")}</p>
      )}
    </div>
  );
}
