import type { Config } from "./config.js";
import type { Db } from "./db/database.js";
import type { Mailer } from "./mail/mailer.js";

/** What the server is built from: `server.ts` opens them, tests pass their own. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Current time in epoch ms; tests pass a fixed clock. */
  now?: () => number;
}

/** What a service function needs: the database and the clock. */
export type ServiceDeps = Pick<Required<AppDeps>, "db" | "now">;

declare module "fastify" {
  interface FastifyInstance {
    deps: Required<AppDeps>;
  }
}
