import { defineConfig } from "vitest/config";

// One Vitest run covers every workspace. The server suite runs twice: once on the embedded
// SQLite database and once on the PostgreSQL server named by TEST_DATABASE_URL (scripts/test.mjs
// starts a throwaway cluster when that variable is not given). The browser journeys in e2e/ drive
// the built app (`npm run build` first; `npm test` does) in Debian's Chromium.
export default defineConfig({
  resolve: { conditions: ["@mnemo/source"] },
  ssr: { resolve: { conditions: ["@mnemo/source"] } },
  test: {
    // Vitest's default is one worker less than the cores: on CI's 2-core machine, one test file
    // at a time, which left a core idle through the ~220 server, web and domain test files (each mostly
    // waits on its database or its HTTP round trips). The browser journeys stay one at a time
    // (their project's fileParallelism), after the rest.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "domain", root: "packages/domain", include: ["src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "server-sqlite",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          env: { MNEMO_TEST_DIALECT: "sqlite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server-postgres",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          env: { MNEMO_TEST_DIALECT: "postgres" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          root: "apps/web",
          include: ["src/**/*.test.{ts,tsx}", "vite-plugins/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          root: "e2e",
          include: ["**/*.spec.ts"],
          setupFiles: ["helpers/setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A poll waits on the app, which on a loaded 2-core CI machine can take seconds.
          expect: { poll: { timeout: 5_000 } },
          // Each file runs a server and a browser: one file at a time on a 2-core machine, and
          // only after the other projects, so their timings do not compete with the browser's.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
