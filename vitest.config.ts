import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };

/** Tests write no log lines unless LOG_LEVEL asks for them (LOG_LEVEL=info npx vitest ...). */
const env = { LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          env,
          include: ["**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/*.topology.test.ts", "node_modules/**", "e2e/**", ".data/**", ".next/**"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "int",
          env,
          include: ["**/*.int.test.ts"],
          exclude: ["node_modules/**", "e2e/**", ".data/**", ".next/**"],
          globalSetup: ["test/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
