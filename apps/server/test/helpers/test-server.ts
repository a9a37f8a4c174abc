import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../../src/app.js";
import { type Config, loadConfig } from "../../src/config.js";
import { type Db, openDatabase } from "../../src/db/database.js";
import { migrateToLatest } from "../../src/db/migrate.js";
import { createMailer } from "../../src/mail/mailer.js";
import { TestClient } from "./client.js";
import { Mailbox } from "./mailbox.js";

/** Which engine this Vitest project runs on (see the root vitest.config.ts). */
export const dialect = process.env.MNEMO_TEST_DIALECT === "postgres" ? "postgres" : "sqlite";

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  mailbox: Mailbox;
  baseUrl: string;
  /** A new browser-like client with its own cookie jar. */
  client(): TestClient;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A fresh PostgreSQL database on the test cluster, dropped again by the returned function. */
export async function createPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set (run the tests with npm test)");
  const name = `mnemo_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // The app's pool has been told to end, but its connections may take a moment to go.
        // WITH (FORCE) would kill them, and a killed client raises an error nobody awaits.
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            const isInUse = (error as { code?: string }).code === "55006";
            if (!isInUse || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

export interface TestServerOptions {
  /** Extra environment, e.g. OWNER_EMAIL or MNEMO_DEV. */
  env?: Record<string, string>;
  now?: () => number;
}

/**
 * Starts the real server over HTTP on a free port with a database of its own (a temp SQLite file
 * or a new PostgreSQL database) and a real SMTP server receiving its mail.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "mnemo-test-"));
  const mailbox = new Mailbox();
  await mailbox.start();
  const pgDatabase = dialect === "postgres" ? await createPostgresDatabase() : null;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: pgDatabase?.url ?? join(dataDir, "test.sqlite"),
    SMTP_URL: mailbox.url,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    TRUST_PROXY: "1",
    ...options.env,
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp({
    config,
    db,
    mailer: createMailer(config.mail, { info: () => {} }),
    ...(options.now ? { now: options.now } : {}),
  });
  await app.listen({ host: "127.0.0.1", port });
  return {
    app,
    db,
    config,
    mailbox,
    baseUrl,
    client: () => new TestClient(baseUrl),
    async close() {
      await app.close();
      await db.destroy();
      await mailbox.stop();
      await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
