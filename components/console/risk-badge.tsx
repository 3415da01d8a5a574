import { Badge } from "@/components/ui/badge";
import { RISK } from "./labels";
import type { Risk } from "./types";

export function RiskBadge({ risk }: { risk: Risk }) {
  const { label, tone } = RISK[risk] ?? { label: risk, tone: "neutral" as const };
  return <Badge tone={tone}>{label}</Badge>;
}
