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

/** The conversation's refund case at a glance: amount and where it stands. */
export function CaseStatusBar({ kase }: { kase: ThreadCase | null }) {
  const t = useTranslations("widget.case");
  const { money } = wordsFor(languageOr(useLocale().slice(0, 2)));
  const status = kase?.openQuestion ? "waiting_for_answer" : kase?.status;
  return (
    <div role="status" aria-label={t("label")} className="min-h-9 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-700">
      {kase ? (
        <p className="flex items-center justify-between gap-2">
          <span>
            {t.rich("refundOf", {
              amount: money(kase.approvedAmountMinor ?? kase.amountMinor, kase.currency),
              strong: (chunks) => <span className="font-semibold">{chunks}</span>,
            })}
            {kase.approvedAmountMinor != null && kase.approvedAmountMinor !== kase.amountMinor
              ? t("ofPayment", { amount: money(kase.amountMinor, kase.currency) })
              : null}
          </span>
          <Badge tone={(status && TONES[status]) ?? "neutral"}>{t("status", { status: status ?? "" })}</Badge>
        </p>
      ) : (
        <p className="text-slate-500">{t("none")}</p>
      )}
    </div>
  );
}
