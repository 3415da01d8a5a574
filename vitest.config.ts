import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/*.topology.test.ts", "node_modules/**", "e2e/**", ".data/**"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "int",
          include: ["**/*.int.test.ts"],
          exclude: ["node_modules/**", "e2e/**", ".data/**"],
          globalSetup: ["test/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
