/**
 * `npm run test:guards`: removes each money guard in turn, shows its test failing, then
 * restores the code. One line per guard of the money invariants (docs/money-safety.md lists them); exits
 * non-zero unless every test passes with its guard in place and fails without it. Needs the integration setup
 * that `npm test` uses (embedded Postgres and the simulator, started by vitest).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GUARDS, markedLines, mutate, root, type Guard } from "./guards/guards";

function runTest(test: Guard["test"]): boolean {
  const project = test.file.includes(".int.") ? "int" : "unit";
  const result = spawnSync(path.join(root, "node_modules/.bin/vitest"), ["run", "--project", project, test.file, "-t", test.name], {
    cwd: root,
    stdio: "pipe",
    encoding: "utf8",
  });
  return result.status === 0;
}

/** Removes a guard: each marked line becomes its mutation. Returns the files' texts to restore. */
function remove(guard: Guard, marked: ReturnType<typeof markedLines>): Map<string, string> {
  const originals = new Map<string, string>();
  for (const mutation of guard.mutations) {
    const places = marked.get(mutation.marker) ?? [];
    if (places.length !== 1) throw new Error(`"// test:guards ${mutation.marker}" marks ${places.length} lines; it must mark exactly one`);
    const full = path.join(root, places[0]!.file);
    const current = readFileSync(full, "utf8");
    if (!originals.has(full)) originals.set(full, current);
    writeFileSync(full, mutate(current, mutation));
  }
  return originals;
}

// Every guard's code is restored before the next is removed, so the marked lines stay where they were found.
const marked = markedLines();
let caught = 0;
for (const g of GUARDS) {
  const withGuard = runTest(g.test);
  const originals = remove(g, marked);
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
