import type { ReactNode } from "react";

type AlertTone = "error" | "info" | "success";

const TONES: Record<AlertTone, string> = {
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-brand-100 bg-brand-50 text-brand-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
};

/** A message block: errors interrupt (role=alert), other notices are announced politely. */
export function Alert({ tone = "error", title, children, className = "" }: { tone?: AlertTone; title?: string; children: ReactNode; className?: string }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-3 py-2 text-sm ${TONES[tone]} ${className}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
