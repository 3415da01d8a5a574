// ESLint: Next.js's rules (core web vitals, React, react-hooks, accessibility) and
// typescript-eslint's recommended rules. `npm test` runs it with no warning allowed.
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      // A leading underscore names what is deliberately left unused (a rest sibling, an argument a signature requires).
      "@typescript-eslint/no-unused-vars": [
        "warn",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/no-unused-expressions": ["warn", { allowShortCircuit: true, allowTernary: true }],
      // Node 20 holds a timeout signal only weakly, and AbortSignal.any its sources too: once
      // collected, the timer aborts nothing and a fetch given the combination never settles.
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.object.name='AbortSignal'][callee.property.name='any'] CallExpression[callee.object.name='AbortSignal'][callee.property.name='timeout']",
          message:
            "AbortSignal.timeout inside AbortSignal.any may be garbage-collected before it fires: combine an AbortController aborted by your own timer (see within() in scripts/chaos/deadline.ts).",
        },
      ],
    },
  },
  {
    // Playwright's fixtures call `use`, which is not React's hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  globalIgnores([".next/**", ".data/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "deploy/compose-spec/**"]),
]);
