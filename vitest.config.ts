import { defineConfig } from "vitest/config";

// One Vitest run covers every workspace. The server suite runs twice: once on the embedded
// SQLite database and once on the PostgreSQL server named by TEST_DATABASE_URL (scripts/test.mjs
// starts a throwaway cluster when that variable is not given).
export default defineConfig({
  resolve: { conditions: ["@mnemo/source"] },
  ssr: { resolve: { conditions: ["@mnemo/source"] } },
  test: {
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
    ],
  },
});
