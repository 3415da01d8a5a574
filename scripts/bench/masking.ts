/**
 * `npx tsx scripts/bench/masking.ts`: what masking costs a staff answer. Staff answers
 * mask the names of every customer of the tenant and every card's last digits, so the
 * cost grows with the tenant. Times building the masker and masking a timeline-sized
 * answer (about 200 checkpoints of state, messages and system calls) for tenants of 2 to
 * 10,000 customers. Pure CPU: no database.
 */
import { createMasker } from "../../agent/incidents/masking";
import { logToStderr } from "../../observability/log";

// The report is this command's standard output; its logs go to standard error.
logToStderr();

const RUNS = 20;
const FIRST = ["Alice", "Bob", "Zoë", "Marta", "Jan", "Ingrid", "Omar", "Li", "Priya", "Kofi"];
const LAST = ["Novak", "Kowalski", "Ångström", "Schmidt", "Dvořák", "Okafor", "Haddad", "Chen", "Rao", "Mensah"];

function tenant(customers: number) {
  const names = Array.from(
    { length: customers },
    (_, i) => `${FIRST[i % 10]}${i >= 10 ? Math.floor(i / 10).toString(36) : ""} ${LAST[Math.floor(i / 10) % 10]}`,
  );
  const cardDigits = Array.from({ length: customers }, (_, i) => String(1000 + ((i * 7919) % 9000)));
  return { names: ["Alice Novak", ...names], cardDigits: ["4242", ...cardDigits] };
}

/** About what the timeline route answers for a 200-checkpoint conversation. */
function timelineAnswer() {
  const entries = Array.from({ length: 200 }, (_, i) => ({
    kind: "checkpoint",
    at: new Date(Date.UTC(2026, 10, 30, 10, 0, i)).toISOString(),
    checkpointId: `1f0c8a2e-${String(i).padStart(4, "0")}-6abc-9def-0123456789ab`,
    step: i,
    tasks: [
      {
        taskId: `task-${i}`,
        node: "reply",
        writes: {
          answer: `Card ending 4242: daily limit 1,500.00 EUR (12.00 EUR used today), Alice Novak. Turn ${i}.`,
          recent: [{ role: "customer", text: "what are my card limits for 4242 4242 4242 4242?" }],
          checks: { limits: { status: "ok", facts: { cards: [{ cardId: "card-alice", last4: "4242", dailyLimitMinor: 150_000 }] }, latencyMs: 12 } },
        },
      },
    ],
  }));
  return { threadId: "t-1", customer: { id: "cust-alice", name: "Alice Novak" }, entries };
}

function time(fn: () => unknown) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    fn();
    if (i >= 3) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(RUNS / 2)]!, p95: samples[Math.floor(RUNS * 0.95)]! };
}

const answer = timelineAnswer();
const bytes = Buffer.byteLength(JSON.stringify(answer));
console.log(`masking a timeline answer of ${(bytes / 1024).toFixed(0)} kB (${RUNS} runs each, ms)`);
console.log(`${"customers".padEnd(10)} ${"build p50".padStart(10)} ${"mask p50".padStart(9)} ${"mask p95".padStart(9)} ${"ratio".padStart(7)}`);
let base: number | null = null;
for (const customers of [2, 100, 1_000, 10_000]) {
  const data = tenant(customers);
  const build = time(() => createMasker(data));
  const masker = createMasker(data);
  const masked = masker.mask(answer);
  if (JSON.stringify(masked).includes("Alice Novak") || JSON.stringify(masked).includes("4242")) throw new Error("masking missed alice");
  const mask = time(() => masker.mask(answer));
  base ??= mask.p50;
  console.log(
    `${String(customers).padEnd(10)} ${build.p50.toFixed(1).padStart(10)} ${mask.p50.toFixed(1).padStart(9)} ${mask.p95.toFixed(1).padStart(9)} ${(mask.p50 / base).toFixed(1).padStart(6)}x`,
  );
}
