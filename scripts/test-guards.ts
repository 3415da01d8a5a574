/**
 * `npm run test:guards`: removes each money guard in turn, shows its test failing, then
 * restores the code. One line per guard of the money invariants (docs/money-safety.md lists them); exits
 * non-zero unless every test passes with its guard in place and fails without it. Needs the integration setup
 * that `npm test` uses (embedded Postgres and the simulator, started by vitest).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type Edit = { file: string; from: string; to: string };
type Guard = { invariant: string; guard: string; edits: Edit[]; test: { file: string; name: string } };

const GUARDS: Guard[] = [
  {
    invariant: "hold-until-decided",
    guard: "only an approved decision routes to the refund node",
    edits: [{ file: "agent/graph.ts", from: `return state.approval?.status === "approved" ? "refund" : "reply";`, to: `return "refund";` }],
    test: { file: "agent/graph.test.ts", name: "reaches the refund node only with an approved decision" },
  },
  {
    invariant: "reject-cancels",
    guard: "decisions apply only to pending approvals",
    edits: [
      { file: "agent/decisions.ts", from: `if (row.status !== "pending" || row.version !== input.version) return conflict(row);`, to: `if (row.version !== input.version) return conflict(row);` },
      { file: "db/queries/approvals.ts", from: `    eq(approvals.status, "pending"),\n    eq(approvals.version, input.version),\n    or(`, to: `    eq(approvals.version, input.version),\n    or(` },
    ],
    test: { file: "agent/refund-flow.int.test.ts", name: "keeps a rejection final even for a caller who holds its current version" },
  },
  {
    invariant: "reject-cancels",
    guard: "a run stopped by a newer message withdraws the approval it recorded",
    edits: [{ file: "agent/superseded.ts", from: `  if (!kase || kase.priorStatus || values.refundOutcome) return "none";`, to: `  return "none";` }],
    test: { file: "agent/double-texting-stop.int.test.ts", name: "stops the run before its refund: the policy approval is withdrawn and nothing is paid" },
  },
  {
    invariant: "dedup-on-replay",
    guard: "the ledger key is the business operation",
    edits: [{ file: "agent/policy.ts", from: "return `refund:${tenantId}:${caseId}`;", to: "return `refund:${tenantId}:${caseId}:${Date.now()}`;" }],
    test: { file: "agent/crash-recovery.int.test.ts", name: "pays once when the ledger's read lags behind its writes: the re-run's refund call replays the first by its key" },
  },
  {
    invariant: "fence-on-cancel",
    guard: "the refund's admission check (approved -> executing, fenced by version)",
    edits: [{ file: "db/queries/approvals.ts", from: "  if (won) return { admitted: true, firstAttempt: true, ...won };", to: `  if (won) return { admitted: true, firstAttempt: true, ...won };\n  return { admitted: true, firstAttempt: true, status: "executing", version: input.version + 1 };` }],
    test: { file: "agent/admission.int.test.ts", name: "pays nothing when the customer's cancel lands between the decision and the refund" },
  },
  {
    invariant: "dedup-on-replay",
    guard: "a re-run reads the ledger's entries for the case before it sends the refund again",
    edits: [{ file: "agent/nodes/refund.ts", from: "const booked = admission.firstAttempt ? null : await bookedBefore(", to: "const booked = admission.admitted ? null : await bookedBefore(" }],
    test: { file: "agent/ledger-key-window.int.test.ts", name: "the retry job reads the case's entry after the window and completes from it: one ledger entry" },
  },
  {
    invariant: "one-customer-at-a-time",
    guard: "policy decides a customer's refunds under that customer's lock",
    edits: [{ file: "db/queries/approvals.ts", from: "    await tx.execute(sql`select ${customerRefundLock(sql`${input.tenantId}`", to: "    if (Math.random() < 0) await tx.execute(sql`select ${customerRefundLock(sql`${input.tenantId}`" }],
    test: { file: "agent/per-customer.int.test.ts", name: "auto-approves one of three claims sent at once on two instances; the others go to an operator" },
  },
  {
    invariant: "one-customer-at-a-time",
    guard: "policy counts the refunds the app approved, not only those the ledger paid",
    edits: [{ file: "db/queries/approvals.ts", from: "if (!(await decide(own.map((r) => r.caseId)))) return", to: "if (!(await decide([]))) return" }],
    test: { file: "agent/per-customer.int.test.ts", name: "counts a refund the app approved and has not paid yet, which the history system cannot know of" },
  },
  {
    invariant: "no-one-alone",
    guard: "a policy change that loosens waits for a second supervisor",
    edits: [{ file: "app/_lib/tenant-policy.ts", from: "    if (loosened.length === 0) {", to: "    if (loosened.length >= 0) {" }],
    test: { file: "app/api/tenant/policy/maker-checker.int.test.ts", name: "keeps sam's wide-open policy a proposal: the Electro Mart refund still needs a second person, and sam cannot be both" },
  },
  {
    invariant: "no-one-alone",
    guard: "an approval keeps the limits it opened under",
    edits: [{ file: "agent/approval-rules.ts", from: "  const limits = limitsFor(approval, today);", to: "  const limits = today;" }],
    test: { file: "app/api/tenant/policy/maker-checker.int.test.ts", name: "applies a loosening sven confirms to approvals opened after it; the one already waiting keeps needing two" },
  },
  {
    invariant: "four-eyes-one-amount",
    guard: "the second of two approvals must be for the first approver's amount",
    edits: [{ file: "agent/approval-rules.ts", from: "    if (amount !== agreed) {", to: "    if (false) {" }],
    test: { file: "agent/four-eyes.int.test.ts", name: "refuses a second approval for a higher amount than the first with 409 conflict:amount, and changes nothing" },
  },
];

const root = path.resolve(import.meta.dirname, "..");

function runTest(test: Guard["test"]): boolean {
  const project = test.file.includes(".int.") ? "int" : "unit";
  const result = spawnSync(path.join(root, "node_modules/.bin/vitest"), ["run", "--project", project, test.file, "-t", test.name], {
    cwd: root,
    stdio: "pipe",
    encoding: "utf8",
  });
  return result.status === 0;
}

function apply(edits: Edit[]): Map<string, string> {
  const originals = new Map<string, string>();
  for (const edit of edits) {
    const full = path.join(root, edit.file);
    const text = originals.get(full) ?? readFileSync(full, "utf8");
    originals.set(full, text);
    const current = readFileSync(full, "utf8");
    if (!current.includes(edit.from)) throw new Error(`guard not found in ${edit.file}: ${edit.from}`);
    writeFileSync(full, current.replace(edit.from, edit.to));
  }
  return originals;
}

let caught = 0;
for (const g of GUARDS) {
  const withGuard = runTest(g.test);
  const originals = apply(g.edits);
  let withoutGuard: boolean;
  try {
    withoutGuard = runTest(g.test);
  } finally {
    for (const [file, text] of originals) writeFileSync(file, text);
  }
  const ok = withGuard && !withoutGuard;
  if (ok) caught++;
  console.log(
    `${ok ? "PASS" : "FAIL"}  ${g.invariant.padEnd(24)} guard: ${g.guard}\n      test "${g.test.name}": ${withGuard ? "passes" : "FAILS"} with the guard, ${withoutGuard ? "still passes" : "fails"} without it`,
  );
}
console.log(`\n${caught} of ${GUARDS.length} guards caught by their tests; code restored.`);
process.exit(caught === GUARDS.length ? 0 : 1);
