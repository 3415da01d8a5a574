import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import type { OpsSummary } from "@/app/api/ops/summary/schema";
import { AXIS, ChartCard, COLOURS, POINT } from "./chart-card";
import { formatAge, formatBytes, formatMs, formatRate } from "./format";
import { chartRows, counted, hourTotals } from "./summary-view";

/** The hour's charts, each with the sentence that says what it shows. */
export function OpsCharts({ summary }: { summary: OpsSummary }) {
  const { live, approvals } = summary;
  const rows = chartRows(summary);
  const hour = hourTotals(summary);
  const oneMb = summary.largeCheckpointBytes;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        id="checkpoint-writes"
        title="Checkpoint write time"
        summary={
          hour.writes === 0
            ? "No checkpoint was written in the last hour."
            : `${counted(hour.writes, "checkpoint")} written in the last hour; last five minutes: median ${formatMs(live.checkpoints.writeP50Ms)}, 95th percentile ${formatMs(live.checkpoints.writeP95Ms)}.`
        }
        empty={hour.writes === 0}
      >
        <LineChart data={rows} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
          <YAxis tick={AXIS} width={56} tickFormatter={(v: number) => formatMs(v)} />
          <Tooltip formatter={(v) => formatMs(typeof v === "number" ? v : null)} />
          <Legend />
          <Line type="monotone" dataKey="writeP50" name="p50" stroke={COLOURS[0]} dot={POINT} isAnimationActive={false} />
          <Line type="monotone" dataKey="writeP95" name="p95" stroke={COLOURS[1]} dot={POINT} isAnimationActive={false} />
        </LineChart>
      </ChartCard>

      <ChartCard
        id="checkpoint-sizes"
        title="Checkpoint size against the 1 MB line"
        summary={
          hour.writes === 0
            ? "No checkpoint was written in the last hour."
            : `Largest minute's 95th percentile ${formatBytes(hour.largestSizeP95)}; ${hour.over1Mb === 0 ? "none" : hour.over1Mb} at or above 1 MB in the last hour.`
        }
        empty={hour.writes === 0}
      >
        <LineChart data={rows} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
          <YAxis
            tick={AXIS}
            width={64}
            scale="log"
            domain={[512, oneMb * 4]}
            allowDataOverflow
            ticks={[1024, 16_384, 262_144, oneMb, oneMb * 4]}
            tickFormatter={(v: number) => formatBytes(v)}
          />
          <Tooltip formatter={(v) => formatBytes(typeof v === "number" ? v : null)} />
          <Legend />
          <ReferenceLine y={oneMb} stroke="#b91c1c" strokeDasharray="6 3" label={{ value: "1 MB", position: "insideTopLeft", fill: "#b91c1c", fontSize: 12 }} />
          <Line type="monotone" dataKey="sizeP50" name="p50" stroke={COLOURS[0]} dot={POINT} isAnimationActive={false} />
          <Line type="monotone" dataKey="sizeP95" name="p95" stroke={COLOURS[1]} dot={POINT} isAnimationActive={false} />
        </LineChart>
      </ChartCard>

      <ChartCard
        id="turns"
        title="Turns per second"
        summary={
          hour.turns === 0
            ? "No customer turn in the last hour."
            : `${counted(hour.turns, "turn")} in the last hour; ${formatRate(live.turnsPerSecond)} per second over the last five minutes.`
        }
        empty={hour.turns === 0}
      >
        <BarChart data={rows} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
          <YAxis tick={AXIS} width={56} tickFormatter={(v: number) => formatRate(v)} />
          <Tooltip formatter={(v) => (typeof v === "number" ? formatRate(v) : String(v))} />
          <Bar dataKey="turnsPerSecond" name="turns/s" fill={COLOURS[0]} isAnimationActive={false} />
        </BarChart>
      </ChartCard>

      <ChartCard
        id="degraded"
        title="Degraded checks by system"
        summary={
          hour.degraded === 0
            ? "No check was degraded in the last hour."
            : `${counted(hour.degraded, "degraded check")} in the last hour: ${summary.systems.map((s) => `${s} ${hour.bySystem[s]}`).join(", ")}.`
        }
        empty={hour.degraded === 0}
      >
        <BarChart data={rows} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
          <YAxis tick={AXIS} width={40} allowDecimals={false} />
          <Tooltip />
          <Legend />
          {summary.systems.map((system, i) => (
            <Bar key={system} dataKey={`degraded:${system}`} name={system} stackId="degraded" fill={COLOURS[i % COLOURS.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ChartCard>

      <ChartCard
        id="approvals"
        title="Approvals waiting"
        summary={
          approvals.waiting === 0
            ? "No approval is waiting for a person."
            : `${approvals.waiting} waiting now, the oldest for ${formatAge(approvals.oldestAgeSeconds)}: ${approvals.ages
                .filter((a) => a.count > 0)
                .map((a) => `${a.count} ${a.label}`)
                .join(", ")}.`
        }
        empty={false}
      >
        <LineChart data={rows} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
          <YAxis tick={AXIS} width={40} allowDecimals={false} />
          <Tooltip />
          <Line type="stepAfter" dataKey="waiting" name="waiting" stroke={COLOURS[0]} dot={false} isAnimationActive={false} />
        </LineChart>
      </ChartCard>

      <ChartCard
        id="approval-ages"
        title="How long the waiting approvals have waited"
        summary={approvals.waiting === 0 ? "Nothing is waiting." : `Oldest: ${formatAge(approvals.oldestAgeSeconds)}.`}
        empty={false}
      >
        <BarChart data={approvals.ages} layout="vertical" accessibilityLayer={false} margin={{ left: 16 }}>
          <CartesianGrid stroke="#e2e8f0" horizontal={false} />
          <XAxis type="number" tick={AXIS} allowDecimals={false} />
          <YAxis type="category" dataKey="label" tick={AXIS} width={96} />
          <Tooltip />
          <Bar dataKey="count" name="approvals" fill={COLOURS[0]} isAnimationActive={false} />
        </BarChart>
      </ChartCard>

      <ChartCard
        id="refunds"
        title="Refunds"
        summary={
          hour.executed + hour.failed + hour.retried === 0
            ? "No refund was executed, failed or retried in the last hour."
            : `Last hour: ${hour.executed} executed, ${hour.failed} failed, ${hour.retried} retried.`
        }
        empty={hour.executed + hour.failed + hour.retried === 0}
      >
        <BarChart data={rows} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
          <YAxis tick={AXIS} width={40} allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar dataKey="executed" name="executed" stackId="refunds" fill={COLOURS[2]} isAnimationActive={false} />
          <Bar dataKey="failed" name="failed" stackId="refunds" fill={COLOURS[1]} isAnimationActive={false} />
          <Bar dataKey="retried" name="retried" stackId="refunds" fill={COLOURS[0]} isAnimationActive={false} />
        </BarChart>
      </ChartCard>

      <ChartCard
        id="recoveries"
        title="Recoveries"
        summary={
          hour.takeovers === 0
            ? "No thread had to be taken over from a stopped instance in the last hour."
            : `${counted(hour.takeovers, "thread")} taken over from stopped instances and finished in the last hour.`
        }
        empty={hour.takeovers === 0}
      >
        <BarChart data={rows} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
          <YAxis tick={AXIS} width={40} allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="takeovers" name="takeovers" fill={COLOURS[3]} isAnimationActive={false} />
        </BarChart>
      </ChartCard>
    </div>
  );
}
