import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { IMPORT_MAX_BYTES } from "@mnemo/domain";
import { z } from "zod";

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = resolve(serverRoot, "../..");

const booleanFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An IPv4/IPv6 address, optionally with a /prefix (CIDR), or one of PROXY_RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, empty, 0 or false trusts no proxy; a whole number trusts that many hops
 * (the client address is the one the outermost trusted proxy appended to X-Forwarded-For); a
 * comma-separated list trusts exactly those proxy addresses or CIDR ranges. `true` is refused:
 * it would take the left-most X-Forwarded-For entry, which any client writes itself.
 */
const trustProxySchema = z
  .string()
  .default("")
  .transform((raw, context): false | number | string[] => {
    const value = raw.trim();
    if (value === "" || value === "0" || value === "false") return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isProxyAddress(entry));
    if (invalid.length > 0) {
      context.addIssue({
        code: "custom",
        message:
          `expected a number of proxy hops (e.g. 1) or proxy addresses/CIDRs (e.g. ` +
          `10.0.0.1,192.168.0.0/16); not: ${invalid.join(", ")}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Public base URL of the app, used in e-mailed links and as the auth origin. */
  PUBLIC_URL: z.string().url().optional(),
  /** A postgres:// URL selects PostgreSQL; otherwise the embedded SQLite file is used. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(join(repoRoot, "data")),
  /** Start on a new empty SQLite database where one existed before (its marker is there). */
  MNEMO_ALLOW_NEW_DATABASE: booleanFlag,
  /**
   * `full`: a commit is answered once the WAL is flushed to disk (see db/wal-sync.ts). `normal`
   * flushes only at checkpoints, for measurements only (the bench compares the two): it can
   * lose the last acknowledged commits on power loss.
   */
  MNEMO_SQLITE_SYNCHRONOUS: z.enum(["full", "normal"]).default("full"),
  /**
   * `off` leaves the search index as it is on memo writes. For measurements only (the bench
   * compares a write's cost with and without it): searches then miss what was written.
   */
  MNEMO_SEARCH_INDEX: z.enum(["on", "off"]).default("on"),
  /** nodemailer transport URL (smtp://user:pass@host:port). Unset: mails go to DATA_DIR/mail. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Mnemo <no-reply@mnemo.local>"),
  OWNER_EMAIL: z.string().optional(),
  MNEMO_DEV: booleanFlag,
  /** Secret for session and anti-forgery signatures. Unset: generated once into DATA_DIR. */
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  /** Extra origins allowed to call the API (comma-separated), e.g. the Capacitor shells. */
  TRUSTED_ORIGINS: z.string().default(""),
  /**
   * Behind reverse proxies: how many (e.g. 1) or which (addresses/CIDRs, comma-separated) to
   * trust for X-Forwarded-* (per-IP limits and Secure cookies). Unset: none.
   */
  TRUST_PROXY: trustProxySchema,
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_SECRET: z.string().optional(),
  APPLE_APP_BUNDLE_IDENTIFIER: z.string().optional(),
  /** Folder of the built web app to serve; unset: apps/web/dist when it exists. */
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /**
   * SQLite's page cache for the server's connection, in MiB: filled as pages are read, so the
   * process grows by up to this much as the database does. Lower it to bound memory. Unset:
   * database.ts's default.
   */
  MNEMO_SQLITE_CACHE_MIB: z.coerce.number().int().min(1).max(65536).optional(),
  /**
   * The largest import file this server takes, in bytes: at most IMPORT_MAX_BYTES (512 MiB), its
   * default. A small server may lower it (the whole file is held in memory while it is read).
   */
  MNEMO_IMPORT_MAX_BYTES: z.coerce.number().int().min(1).max(IMPORT_MAX_BYTES).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface OidcProviderConfig {
  clientId: string;
  clientSecret: string;
  appBundleIdentifier?: string;
}

export interface Config {
  nodeEnv: Env["NODE_ENV"];
  host: string;
  port: number;
  publicUrl: string;
  database:
    | {
        kind: "sqlite";
        file: string;
        allowNew?: boolean;
        synchronous?: "full" | "normal";
        cacheMiB?: number;
      }
    | { kind: "postgres"; url: string };
  dataDir: string;
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
  ownerEmail: string | null;
  isDevMode: boolean;
  secret: string;
  trustedOrigins: string[];
  /** The trusted origins of native shells (NATIVE_SHELL_ORIGINS, unless it is the app's own). */
  nativeOrigins: string[];
  /** Fastify's trustProxy: no proxy, a number of hops, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string[];
  google: OidcProviderConfig | null;
  apple: OidcProviderConfig | null;
  webDist: string | null;
  logLevel: NonNullable<Env["LOG_LEVEL"]>;
  /** False only for measurements (MNEMO_SEARCH_INDEX=off): memo writes skip the search index. */
  isSearchIndexed: boolean;
  /** The largest import file taken, in bytes (MNEMO_IMPORT_MAX_BYTES, default IMPORT_MAX_BYTES). */
  importMaxBytes: number;
}

/**
 * The Capacitor shells load the app from these origins (iOS, and Android with
 * `server.androidScheme: "https"` in apps/web/capacitor.config.ts). Never `http://localhost`:
 * any local web server owns that origin. They sign in with a bearer token only: the server
 * ignores cookies on their requests (plugins/csrf.ts), since `https://localhost` can be served
 * by a local web server too.
 */
export const NATIVE_SHELL_ORIGINS: readonly string[] = [
  "capacitor://localhost",
  "https://localhost",
];

function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "secret.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Reads the environment once, validates it and fails fast with every problem listed. The only
 * place of the server that reads `process.env`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const isPostgres = e.DATABASE_URL !== undefined && /^postgres(ql)?:\/\//.test(e.DATABASE_URL);
  const defaultWebDist = join(repoRoot, "apps", "web", "dist");
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    database:
      isPostgres && e.DATABASE_URL
        ? { kind: "postgres", url: e.DATABASE_URL }
        : {
            kind: "sqlite",
            file: e.DATABASE_URL || join(dataDir, "mnemo.sqlite"),
            allowNew: e.MNEMO_ALLOW_NEW_DATABASE,
            synchronous: e.MNEMO_SQLITE_SYNCHRONOUS,
            cacheMiB: e.MNEMO_SQLITE_CACHE_MIB,
          },
    dataDir,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, outboxDir: join(dataDir, "mail") },
    ownerEmail: e.OWNER_EMAIL?.toLowerCase() ?? null,
    isDevMode: e.MNEMO_DEV,
    isSearchIndexed: e.MNEMO_SEARCH_INDEX === "on",
    importMaxBytes: e.MNEMO_IMPORT_MAX_BYTES ?? IMPORT_MAX_BYTES,
    secret: e.BETTER_AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    trustedOrigins: [
      new URL(publicUrl).origin,
      ...NATIVE_SHELL_ORIGINS,
      ...e.TRUSTED_ORIGINS.split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    nativeOrigins: NATIVE_SHELL_ORIGINS.filter((origin) => origin !== new URL(publicUrl).origin),
    trustProxy: e.TRUST_PROXY,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : null,
    apple:
      e.APPLE_CLIENT_ID && e.APPLE_CLIENT_SECRET
        ? {
            clientId: e.APPLE_CLIENT_ID,
            clientSecret: e.APPLE_CLIENT_SECRET,
            ...(e.APPLE_APP_BUNDLE_IDENTIFIER
              ? { appBundleIdentifier: e.APPLE_APP_BUNDLE_IDENTIFIER }
              : {}),
          }
        : null,
    webDist: e.WEB_DIST ?? (existsSync(defaultWebDist) ? defaultWebDist : null),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
  };
}
