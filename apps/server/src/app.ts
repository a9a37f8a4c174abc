import { existsSync } from "node:fs";
import { join } from "node:path";
import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic, { type FastifyStaticOptions } from "@fastify/static";
import { AppError, ErrorCode } from "@mnemo/domain";
import Fastify, { type FastifyInstance } from "fastify";
import { z } from "zod";
import { createAuth } from "./auth/auth.js";
import { authRoutes } from "./auth/auth.routes.js";
import { checkReadiness } from "./db/readiness.repo.js";
import type { AppDeps } from "./deps.js";
import { registerFeatureRoutes } from "./features/index.js";
import { registerSharedMemoPage } from "./features/memos/shared-memo-page.js";
import { API_DOCS_PREFIX, registerApiDocs } from "./http/api-docs.js";
import { routeSchema, useSchemasForDocsOnly } from "./http/route-schema.js";
import { canonicalPathPlugin } from "./plugins/canonical-path.js";
import { csrfPlugin, XSRF_HEADER } from "./plugins/csrf.js";
import {
  answerClientError,
  errorHandlerPlugin,
  routeNotFoundBody,
  sendError,
} from "./plugins/error-handler.js";
import { jsonBodyPlugin } from "./plugins/json-body.js";
import { databaseRateLimitStore } from "./plugins/rate-limit-store.js";
import { securityHeadersPlugin } from "./plugins/security-headers.js";

const readyResponseSchema = z.object({ ok: z.literal(true) });

/** JSON bodies above this are refused with PAYLOAD_TOO_LARGE (a memo with images inline fits). */
const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * A hashed build asset (e.g. assets/index-Dy_jOJ4-.js, or its precompressed .br/.gz copy): its
 * name changes with its content.
 */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8}\.(?:js|css)(?:\.br|\.gz)?$/;

/**
 * Hashed assets are cached for a year and never revalidated; everything else of the web app
 * (index.html, translations, icons) is revalidated on each load, so a deploy shows at once.
 */
export function webCacheControl(path: string): string {
  return HASHED_ASSET.test(path) ? "public, max-age=31536000, immutable" : "no-cache";
}

/**
 * Builds the whole server (API, auth, static web app) without listening, so tests and `server.ts`
 * share one wiring.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const { trustProxy } = config;
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    // A hop count as proxy-addr applies it (Fastify's types take no number): the client is the
    // address the outermost of the `trustProxy` nearest proxies saw.
    trustProxy: typeof trustProxy === "number" ? (_address, hop) => hop < trustProxy : trustProxy,
    // Long ids and cursors never need more than this; keeps the router's work bounded.
    routerOptions: { maxParamLength: 200 },
    // The router refuses a malformed %-escape or a longer parameter before the error handler
    // runs; without this Fastify answers in its own shape, without one of our codes.
    frameworkErrors: sendError,
    // HTTP that Node cannot parse (a head over 16 KB, a malformed line) is answered in our shape.
    clientErrorHandler: answerClientError,
  });
  app.decorate("deps", { now: Date.now, ...deps });
  useSchemasForDocsOnly(app);

  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(cookie, { secret: config.secret });
  await app.register(canonicalPathPlugin);
  const isHttps = config.publicUrl.startsWith("https:");
  await app.register(securityHeadersPlugin, { isHttps });
  await app.register(rateLimit, {
    global: false,
    // Several server processes may share one PostgreSQL database (see rate-limit-store.ts).
    ...(app.deps.db.kind === "postgres" && {
      store: databaseRateLimitStore({ ...app.deps, secret: config.secret }),
    }),
  });
  // The native apps' web view runs on another origin (capacitor://localhost, https://localhost)
  // than the server, so the browser asks before each cross-origin call. Exactly the trusted
  // origins get an answer, with credentials (cookies, or a bearer token in `authorization`) and
  // `set-auth-token` readable (better-auth's bearer plugin hands the token over in it). Any other
  // origin gets no CORS header at all, and the CSRF plugin refuses its writes anyway.
  const trustedOrigins = new Set(config.trustedOrigins);
  // The plugin answers an OPTIONS of a trusted origin without Access-Control-Request-Method (not
  // a preflight) with a plain-text 400; it is refused here first, in the error shape.
  app.addHook("onRequest", async (request) => {
    const { origin, "access-control-request-method": requestMethod } = request.headers;
    if (request.method !== "OPTIONS" || requestMethod !== undefined) return;
    if (origin !== undefined && trustedOrigins.has(origin)) {
      const message = "a preflight request names Access-Control-Request-Method";
      throw new AppError(ErrorCode.VALIDATION_FAILED, message);
    }
  });
  await app.register(cors, {
    origin: (origin, callback) =>
      callback(null, origin !== undefined && trustedOrigins.has(origin) ? origin : false),
    credentials: true,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders: ["authorization", "content-type", XSRF_HEADER],
    exposedHeaders: ["set-auth-token"],
    maxAge: 600,
  });
  registerApiDocs(app, { isHttps });

  const auth = createAuth(app.deps);
  await app.register(csrfPlugin, {
    secret: config.secret,
    trustedOrigins: config.trustedOrigins,
    nativeOrigins: config.nativeOrigins,
    secureCookies: isHttps,
  });
  await app.register(authRoutes, { auth });
  await app.register(registerFeatureRoutes, { prefix: "/api" });

  // Liveness: the process answers. Readiness: the database answers a read and a write.
  app.get("/api/health", { schema: { hide: true } }, async () => ({ ok: true }));
  app.get(
    "/api/ready",
    {
      schema: routeSchema({
        tags: ["health"],
        summary: "Whether the database answers a read and a write within 1 s",
        description:
          "503 STORAGE_UNAVAILABLE when the database is unreachable, full, read-only, slower " +
          "than 1 s, or its file was deleted or moved. `GET /api/health` answers whenever the " +
          "process does.",
        response: { 200: readyResponseSchema },
        errors: [ErrorCode.STORAGE_UNAVAILABLE],
      }),
    },
    async () => {
      await checkReadiness(app.deps.db, app.deps.now());
      return { ok: true as const };
    },
  );

  const webDist = config.webDist && existsSync(config.webDist) ? config.webDist : null;
  if (webDist) {
    // The build writes .br and .gz beside each text asset; browsers that accept them get them.
    const files: Pick<FastifyStaticOptions, "preCompressed" | "setHeaders"> = {
      preCompressed: true,
      setHeaders: (reply, path) => reply.header("cache-control", webCacheControl(path)),
    };
    // The ~230 files of assets/ behind one route, each looked up when asked for: a route per
    // file cost 170 ms of CPU at every start and 16 MB of idle RSS (issue 14). A name that is
    // not there falls through to the not-found handler below, as before; dotfiles too.
    await app.register(fastifyStatic, {
      ...files,
      root: join(webDist, "assets"),
      prefix: "/assets/",
      dotfiles: "ignore",
      decorateReply: false,
    });
    // The dozen files beside index.html keep a route each, so that no other path, the API's
    // included, ever reaches the file system.
    await app.register(fastifyStatic, {
      ...files,
      root: webDist,
      wildcard: false,
      globIgnore: ["assets/**"],
    });
    registerSharedMemoPage(app, webDist);
  }
  if (!webDist) {
    // Until the web app is built, the address `npm start` prints leads to the API docs.
    app.get("/", { schema: { hide: true } }, (_request, reply) => reply.redirect(API_DOCS_PREFIX));
  }
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes (e.g. /private-memos/abc) get the app shell; unknown API routes a 404.
    if (webDist && request.method === "GET" && !request.url.startsWith("/api/")) {
      return reply
        .header("cache-control", webCacheControl("index.html"))
        .sendFile("index.html", webDist);
    }
    return reply.status(404).send(routeNotFoundBody(request.method, request.url));
  });

  return app;
}
