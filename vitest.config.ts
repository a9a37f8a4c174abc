import { defineConfig } from "vitest/config";

// One Vitest run covers every workspace. The server suite runs twice: once on the embedded
// SQLite database and once on the PostgreSQL server named by TEST_DATABASE_URL (scripts/test.mjs
// starts a throwaway cluster when that variable is not given). The browser journeys in e2e/ drive
// the built app (`npm run build` first; `npm test` does) in Debian's Chromium.
const SANITIZER_TIMING = "src/http/sanitize-html.test.ts";

export default defineConfig({
  resolve: { conditions: ["@mnemo/source"] },
  ssr: { resolve: { conditions: ["@mnemo/source"] } },
  test: {
    // The domain and server files share one module graph per worker (`isolate: false`): each
    // server file builds its own app, database and mail sink, and keeps no state in modules, so
    // importing Fastify, better-auth and Kysely afresh for each of ~160 files only cost time:
    // 578 s → 289 s for the non-browser projects on a slow day. The web project stays isolated:
    // some of its modules read the environment once, when they load (src/api/client.ts).
    // Vitest's default is one worker less than the cores: on CI's 2-core machine, one test file
    // at a time, which left a core idle through the ~220 server, web and domain test files (each mostly
    // waits on its database or its HTTP round trips). The browser journeys stay one at a time
    // (their project's fileParallelism), after the rest.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "domain",
          root: "packages/domain",
          include: ["src/**/*.test.ts"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "server-sqlite",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: [SANITIZER_TIMING],
          env: { MNEMO_TEST_DIALECT: "sqlite" },
          isolate: false,
          setupFiles: ["test/helpers/dialect-guard.ts"],
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
          exclude: [SANITIZER_TIMING],
          env: { MNEMO_TEST_DIALECT: "postgres" },
          isolate: false,
          setupFiles: ["test/helpers/dialect-guard.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The sanitizer's worst cases are bounded in CPU time (100 ms each), which a worker's heap
        // grown by earlier files can push over (101 and 144 ms seen once in five shared runs). It
        // is a pure function, so it runs once, in a fresh worker of its own, not once per dialect.
        extends: true,
        test: { name: "server-sanitizer", root: "apps/server", include: [SANITIZER_TIMING] },
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
