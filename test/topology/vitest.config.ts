import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

/** The two-instance topology test (`npm run test:topology`): after the app build, not with the unit and integration tests. */
export default defineConfig({
  root,
  resolve: { alias: { "@": root } },
  test: {
    name: "topology",
    include: ["test/topology/**/*.topology.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
