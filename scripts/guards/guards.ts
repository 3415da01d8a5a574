/**
 * The money guards `npm run test:guards` removes one at a time. Each guarded line has a marker
 * comment on the line above it, `// test:guards <marker>`; removing the guard replaces the
 * guarded line with `to` (indented like it), so the code around it may be reformatted or moved
 * freely, and a formatter keeps a comment of its own line where it is.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

export type Mutation = { marker: string; to: string };
export type Guard = { invariant: string; guard: string; mutations: Mutation[]; test: { file: string; name: string } };

export const GUARDS: Guard[] = [
  {
    invariant: "hold-until-decided",
    guard: "only an approved decision routes to the refund node",
    mutations: [{ marker: "refund-only-when-approved", to: `return "refund";` }],
    test: { file: "agent/graph/graph.test.ts", name: "reaches the refund node only with an approved decision" },
  },
  {
    invariant: "reject-cancels",
    guard: "decisions apply only to pending approvals",
    mutations: [
      { marker: "decide-only-pending", to: `if (row.version !== input.version) return conflict(row);` },
      { marker: "decide-only-pending-sql", to: `` },
    ],
    test: { file: "agent/runtime/refund-flow.int.test.ts", name: "keeps a rejection final even for a caller who holds its current version" },
  },
  {
    invariant: "reject-cancels",
    guard: "a run stopped by a newer message withdraws the approval it recorded",
    mutations: [{ marker: "withdraw-stopped-approval", to: `return "none";` }],
    test: {
      file: "agent/runtime/double-texting-stop.int.test.ts",
      name: "stops the run before its refund: the policy approval is withdrawn and nothing is paid",
    },
  },
  {
    invariant: "dedup-on-replay",
    guard: "the ledger key is the business operation",
    mutations: [{ marker: "ledger-key-per-case", to: "return `refund:${tenantId}:${caseId}:${Date.now()}`;" }],
    test: {
      file: "agent/runtime/crash-recovery.int.test.ts",
      name: "pays once when the ledger's read lags behind its writes: the re-run's refund call replays the first by its key",
    },
  },
  {
    invariant: "fence-on-cancel",
    guard: "the refund's admission check (approved -> executing, fenced by version)",
    mutations: [
      {
        marker: "admission-fence",
        to: `if (won) return { admitted: true, firstAttempt: true, ...won };\nreturn { admitted: true, firstAttempt: true, status: "executing", version: input.version + 1 };`,
      },
    ],
    test: { file: "agent/runtime/admission.int.test.ts", name: "pays nothing when the customer's cancel lands between the decision and the refund" },
  },
  {
    invariant: "dedup-on-replay",
    guard: "a re-run reads the ledger's entries for the case before it sends the refund again",
    mutations: [{ marker: "look-before-retry", to: "const booked = null;" }],
    test: {
      file: "agent/runtime/ledger-key-window.int.test.ts",
      name: "the retry job reads the case's entry after the window and completes from it: one ledger entry",
    },
  },
  {
    invariant: "one-customer-at-a-time",
    guard: "policy decides a customer's refunds under that customer's lock",
    mutations: [{ marker: "customer-lock", to: `` }],
    test: {
      file: "agent/runtime/per-customer.int.test.ts",
      name: "auto-approves one of three claims sent at once on two instances; the others go to an operator",
    },
  },
  {
    invariant: "one-customer-at-a-time",
    guard: "policy counts the refunds the app approved, not only those the ledger paid",
    mutations: [{ marker: "count-own-approvals", to: "if (!(await decide({ ...claims, refunded: [] }))) return { row: null, recorded: false };" }],
    test: {
      file: "agent/runtime/per-customer.int.test.ts",
      name: "counts a refund the app approved and has not paid yet, which the history system cannot know of",
    },
  },
  {
    invariant: "one-customer-at-a-time",
    guard: "policy counts the customer's claims still waiting for an operator",
    mutations: [{ marker: "count-awaiting-claims", to: "awaiting: []," }],
    test: {
      file: "agent/runtime/per-customer.int.test.ts",
      name: "counts a claim still waiting for an operator: one policy would clear alone waits for one too, until they are decided",
    },
  },
  {
    invariant: "no-one-alone",
    guard: "a policy change that loosens waits for a second supervisor",
    mutations: [{ marker: "loosening-waits", to: "if (loosened.length >= 0) {" }],
    test: {
      file: "app/api/tenant/policy/maker-checker.int.test.ts",
      name: "keeps sam's wide-open policy a proposal: the Electro Mart refund still needs a second person, and sam cannot be both",
    },
  },
  {
    invariant: "no-one-alone",
    guard: "an approval keeps the limits it opened under",
    mutations: [{ marker: "limits-opened-under", to: "const limits = today;" }],
    test: {
      file: "app/api/tenant/policy/maker-checker.int.test.ts",
      name: "applies a loosening sven confirms to approvals opened after it; the one already waiting keeps needing two",
    },
  },
  {
    invariant: "booked-only",
    guard: "a case is opened only for a booked card payment: listed, asked about and stored",
    mutations: [
      { marker: "booked-only-listed", to: `` },
      { marker: "booked-only-asked", to: `const pendingItem = undefined;` },
      { marker: "booked-only-case", to: `` },
    ],
    test: {
      file: "agent/runtime/booked-only.int.test.ts",
      name: "opens no case for a payment not booked yet, however the customer asks, and says when it will be booked",
    },
  },
  {
    invariant: "four-eyes-one-amount",
    guard: "the second of two approvals must be for the first approver's amount",
    mutations: [{ marker: "four-eyes-one-amount", to: "if (false) {" }],
    test: {
      file: "agent/runtime/four-eyes.int.test.ts",
      name: "refuses a second approval for a higher amount than the first with 409 conflict:amount, and changes nothing",
    },
  },
  {
    invariant: "replay-writes-nothing",
    guard: "a replay's ledger is a dry run: a shadow or what-if replay pays nothing",
    mutations: [{ marker: "dry-run-ledger", to: "return opts.live.refund(request, idempotencyKey);" }],
    test: {
      file: "agent/incidents/shadow.int.test.ts",
      name: "through the revision that answered them: every turn comes out as it did, and production is only read",
    },
  },
];

export const root = path.resolve(import.meta.dirname, "../..");

const MARKER = /^\s*\/\/ test:guards ([a-z0-9-]+)\s*$/;

/** Every guarded line of the repository's source (the line after its marker): `file:line` by marker (a marker may be found more than once). */
export function markedLines(): Map<string, { file: string; line: number }[]> {
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "*.ts", "*.tsx"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
  const found = new Map<string, { file: string; line: number }[]>();
  for (const file of files) {
    if (file.startsWith("scripts/guards/")) continue;
    let text: string;
    try {
      text = readFileSync(path.join(root, file), "utf8");
    } catch {
      continue;
    }
    text.split("\n").forEach((line, index) => {
      const marker = MARKER.exec(line)?.[1];
      if (marker) found.set(marker, [...(found.get(marker) ?? []), { file, line: index + 1 }]);
    });
  }
  return found;
}

/** A source file's text with one marked line replaced by its mutation, indented as the line was. */
export function mutate(text: string, mutation: Mutation): string {
  const lines = text.split("\n");
  const at = lines.findIndex((line) => MARKER.exec(line)?.[1] === mutation.marker) + 1;
  if (at === 0) throw new Error(`no line is marked "// test:guards ${mutation.marker}"`);
  const guarded = lines[at] ?? "";
  if (guarded.trim() === "" || guarded.trim().startsWith("//"))
    throw new Error(`"// test:guards ${mutation.marker}" is not followed by the line of code it guards`);
  const indent = /^\s*/.exec(guarded)![0];
  lines.splice(at, 1, ...mutation.to.split("\n").map((line) => (line ? indent + line : "")));
  return lines.join("\n");
}
