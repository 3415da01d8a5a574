"use client";

import { useEffect, useState, type ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { OpsSummary } from "@/app/api/ops/summary/schema";
import { errorMessage, requestJson } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { formatAge, formatBytes, formatMs, formatRate, minuteLabel } from "./format";

/** How often the page asks for new figures. */
export const REFRESH_MS = 10_000;

/** Series colours: the brand blue, then colours that stay apart for colour-blind readers (Okabe-Ito). */
const COLOURS = ["#1d4ed8", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000"];
const CHART_HEIGHT = 220;
const AXIS = { fontSize: 12, fill: "#475569" };
/** Minutes without checkpoint writes have no value: a dot marks a minute that stands alone. */
const POINT = { r: 2 };

/** "1 turn", "3 turns". */
const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The ops page: the last hour by minute and the last five minutes, fetched again every ten seconds. */
export function OpsDashboard() {
  const [summary, setSummary] = useState<OpsSummary | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const load = async () => {
      try {
        const next = await requestJson<OpsSummary>("/api/ops/summary", { signal: controller.signal });
        if (stopped) return;
        setSummary(next);
        setError(null);
      } catch (err) {
        if (stopped) return;
        setError(errorMessage(err));
      }
      if (!stopped) timer = setTimeout(load, REFRESH_MS);
    };
    void load();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, []);

  return (
    <section aria-labelledby="ops-title" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 id="ops-title" className="text-xl font-semibold">
            Operations
          </h1>
          <p className="text-sm text-slate-600">How the agent runs: the last hour by minute, the tiles the last five minutes. The page updates itself every ten seconds.</p>
        </div>
        <p className="text-sm text-slate-600" data-testid="ops-updated">
          {summary ? <>Updated {new Date(summary.generatedAt).toLocaleTimeString()}</> : "Loading the figures…"}
        </p>
      </div>
      {error ? <Alert title="The figures could not be updated">{error} The page tries again in ten seconds{summary ? "; the last figures stay on screen" : ""}.</Alert> : null}
      {summary ? <Figures summary={summary} /> : null}
    </section>
  );
}

function Figures({ summary }: { summary: OpsSummary }) {
  const { live, approvals } = summary;
  const rows = summary.minutes.map((m) => ({
    label: minuteLabel(m.at),
    turnsPerSecond: m.turnsPerSecond,
    writeP50: m.checkpoints.writeP50Ms,
    writeP95: m.checkpoints.writeP95Ms,
    sizeP50: m.checkpoints.sizeP50Bytes,
    sizeP95: m.checkpoints.sizeP95Bytes,
    waiting: m.approvalsWaiting,
    executed: m.refunds.executed,
    failed: m.refunds.failed,
    retried: m.refunds.retried,
    takeovers: m.takeovers,
    ...Object.fromEntries(summary.systems.map((s) => [`degraded:${s}`, m.degraded[s] ?? 0])),
  }));
  const hour = summary.minutes.reduce(
    (t, m) => ({
      turns: t.turns + m.turns,
      executed: t.executed + m.refunds.executed,
      failed: t.failed + m.refunds.failed,
      retried: t.retried + m.refunds.retried,
      takeovers: t.takeovers + m.takeovers,
      writes: t.writes + m.checkpoints.writes,
      over1Mb: t.over1Mb + m.checkpoints.over1Mb,
      degraded: t.degraded + Object.values(m.degraded).reduce((a, b) => a + b, 0),
    }),
    { turns: 0, executed: 0, failed: 0, retried: 0, takeovers: 0, writes: 0, over1Mb: 0, degraded: 0 },
  );
  const degradedLive = Object.values(live.degraded).reduce((a, b) => a + b, 0);
  const maxSize = Math.max(0, ...summary.minutes.map((m) => m.checkpoints.sizeP95Bytes ?? 0));
  const oneMb = summary.largeCheckpointBytes;

  return (
    <>
      <h2 className="sr-only">The last five minutes</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8" data-testid="ops-tiles">
        <Tile label="Turns per second" value={formatRate(live.turnsPerSecond)} testId="tile-turns" />
        <Tile label="Refunds executed" value={live.refunds.executed} testId="tile-refunds-executed" />
        <Tile label="Refunds failed" value={live.refunds.failed} testId="tile-refunds-failed" warn={live.refunds.failed > 0} />
        <Tile label="Refunds retried" value={live.refunds.retried} testId="tile-refunds-retried" />
        <Tile label="Degraded checks" value={degradedLive} testId="tile-degraded" warn={degradedLive > 0} />
        <Tile label="Recoveries" value={live.takeovers} testId="tile-recoveries" />
        <Tile label="Approvals waiting" value={approvals.waiting} testId="tile-approvals-waiting" />
        <Tile label="Oldest waiting" value={formatAge(approvals.oldestAgeSeconds)} testId="tile-oldest-approval" warn={(approvals.oldestAgeSeconds ?? 0) > 2 * 60 * 60} />
      </dl>

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
              : `Largest minute's 95th percentile ${formatBytes(maxSize)}; ${hour.over1Mb === 0 ? "none" : hour.over1Mb} at or above 1 MB in the last hour.`
          }
          empty={hour.writes === 0}
        >
          <LineChart data={rows} accessibilityLayer={false}>
            <CartesianGrid stroke="#e2e8f0" vertical={false} />
            <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
            <YAxis tick={AXIS} width={64} scale="log" domain={[512, oneMb * 4]} allowDataOverflow ticks={[1024, 16_384, 262_144, oneMb, oneMb * 4]} tickFormatter={(v: number) => formatBytes(v)} />
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
          summary={hour.turns === 0 ? "No customer turn in the last hour." : `${counted(hour.turns, "turn")} in the last hour; ${formatRate(live.turnsPerSecond)} per second over the last five minutes.`}
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
              : `${counted(hour.degraded, "degraded check")} in the last hour: ${summary.systems.map((s) => `${s} ${summary.minutes.reduce((n, m) => n + (m.degraded[s] ?? 0), 0)}`).join(", ")}.`
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

        <ChartCard id="approval-ages" title="How long the waiting approvals have waited" summary={approvals.waiting === 0 ? "Nothing is waiting." : `Oldest: ${formatAge(approvals.oldestAgeSeconds)}.`} empty={false}>
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
          summary={hour.takeovers === 0 ? "No thread had to be taken over from a stopped instance in the last hour." : `${counted(hour.takeovers, "thread")} taken over from stopped instances and finished in the last hour.`}
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

      <details className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
        <summary className="cursor-pointer font-medium text-slate-800">The figures by minute, as a table</summary>
        <MinuteTable summary={summary} />
      </details>
      <p className="text-xs text-slate-600">
        Checkpoint figures, retried refunds and recoveries come from the samples every instance writes each minute, for the whole deployment, so they lag by up to a minute.
        The rest is read from the database for your bank as it changes.
      </p>
    </>
  );
}

function Tile({ label, value, testId, warn = false }: { label: string; value: ReactNode; testId: string; warn?: boolean }) {
  return (
    <Card className={`p-3 ${warn ? "border-amber-300 bg-amber-50" : ""}`}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </Card>
  );
}

/**
 * One chart with its title and a sentence saying what it shows, for everyone (and as the
 * chart's accessible name: a screen reader cannot read the drawing).
 */
function ChartCard({ id, title, summary, empty, children }: { id: string; title: string; summary: string; empty: boolean; children: ReactNode }) {
  return (
    <Card as="section" className="p-4" aria-labelledby={`${id}-title`} data-testid={`chart-${id}`}>
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p id={`${id}-summary`} className="mt-1 text-sm text-slate-600" data-testid={`chart-${id}-summary`}>
        {summary}
      </p>
      <div role="img" aria-label={`${title}, the last hour. ${summary}`} className={`mt-3 ${empty ? "opacity-60" : ""}`} data-testid={`chart-${id}-drawing`}>
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          {children}
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

function MinuteTable({ summary }: { summary: OpsSummary }) {
  return (
    <div className="mt-3 max-h-96 overflow-auto" tabIndex={0} role="region" aria-label="The figures by minute">
      <table className="w-full text-left tabular-nums">
        <thead className="sticky top-0 bg-white text-xs text-slate-600">
          <tr>
            {["Minute", "Turns/s", "Write p50", "Write p95", "Size p95", "≥ 1 MB", "Executed", "Failed", "Retried", "Degraded", "Recoveries", "Waiting"].map((h) => (
              <th key={h} scope="col" className="px-2 py-1 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...summary.minutes].reverse().map((m) => (
            <tr key={m.at} className="border-t border-slate-100">
              <th scope="row" className="px-2 py-1 font-normal">
                {minuteLabel(m.at)}
              </th>
              <td className="px-2 py-1">{formatRate(m.turnsPerSecond)}</td>
              <td className="px-2 py-1">{formatMs(m.checkpoints.writeP50Ms)}</td>
              <td className="px-2 py-1">{formatMs(m.checkpoints.writeP95Ms)}</td>
              <td className="px-2 py-1">{formatBytes(m.checkpoints.sizeP95Bytes)}</td>
              <td className="px-2 py-1">{m.checkpoints.over1Mb}</td>
              <td className="px-2 py-1">{m.refunds.executed}</td>
              <td className="px-2 py-1">{m.refunds.failed}</td>
              <td className="px-2 py-1">{m.refunds.retried}</td>
              <td className="px-2 py-1">{Object.values(m.degraded).reduce((a, b) => a + b, 0)}</td>
              <td className="px-2 py-1">{m.takeovers}</td>
              <td className="px-2 py-1">{m.approvalsWaiting}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
