import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
} from "fastify";
import Fastify from "fastify";
import { routeNotFoundBody } from "../plugins/error-handler.js";
import { documentedSchema, useSchemasForDocsOnly } from "./route-schema.js";

// The API docs at /api/docs (Swagger UI) and /api/docs/json (the OpenAPI description), made on
// their first request by an app of their own that holds every route's documented schema. Made at
// boot, the OpenAPI generator, Swagger UI's plugin and the JSON schemas of ~150 routes held ~4 MB
// of every server's heap (issue #14: idle memory), for pages most servers never serve.

export const API_DOCS_PREFIX = "/api/docs";

/** A route of the app as the docs show it: its method, full path and schema. */
interface DocumentedRoute {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema: FastifySchema | undefined;
}

const OPENAPI_INFO = {
  title: "Mnemo API",
  version: "0.1.0",
  description:
    "Every error answers `{ error: { code, message, details? } }`; clients show their " +
    "own text for the code. Writes (POST, PUT, PATCH, DELETE) with cookies carry the " +
    "`x-xsrf-token` header with the value of the `XSRF-TOKEN` cookie (`GET /api/csrf` " +
    "sets it); without it, or from an untrusted Origin, they answer 403 CSRF_REJECTED.",
};

/** Answer headers the app sets again for its own answer. */
const HOP_HEADERS = new Set([
  "connection",
  "content-length",
  "date",
  "keep-alive",
  "transfer-encoding",
]);

/** The docs' own app: Swagger's generator and UI over every route of the app, never listening. */
async function buildDocsApp(
  routes: readonly DocumentedRoute[],
  isHttps: boolean,
): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import("@fastify/swagger"),
    import("@fastify/swagger-ui"),
  ]);
  const docs = Fastify({ logger: false });
  useSchemasForDocsOnly(docs);
  // An address under the docs that none of their routes answers: the app's own 404.
  docs.setNotFoundHandler((request, reply) =>
    reply.status(404).send(routeNotFoundBody(request.method, request.url)),
  );
  await docs.register(swagger, {
    openapi: {
      info: OPENAPI_INFO,
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
        },
      },
    },
  });
  await docs.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    staticCSP: true,
    // Its default policy upgrades every asset to https, which breaks the page on plain http.
    transformStaticCSP: (header) =>
      isHttps ? header : header.replace(/\s*upgrade-insecure-requests;?/, ""),
  });
  for (const { method, url, schema } of routes) {
    docs.route({
      method,
      url,
      schema: schema && documentedSchema(schema),
      exposeHeadRoute: false,
      handler: () => {
        throw new Error("the docs' app answers only the docs");
      },
    });
  }
  await docs.ready();
  return docs;
}

/**
 * Serves the API docs of every route registered on `app` after this call (the routes are noted
 * as they are added; the docs are made on the first request to {@link API_DOCS_PREFIX}).
 */
export function registerApiDocs(app: FastifyInstance, { isHttps }: { isHttps: boolean }): void {
  const routes: DocumentedRoute[] = [];
  app.addHook("onRoute", ({ method, url, schema }) => {
    // Fastify adds a HEAD route beside each GET; the docs show the GET. Hidden routes (the web
    // app's files, plumbing) are not shown.
    if (method === "HEAD" || url.startsWith(API_DOCS_PREFIX) || schema?.hide) return;
    routes.push({ method, url, schema });
  });

  let docs: Promise<FastifyInstance> | null = null;
  const answerFromDocs = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!docs) {
      const building = buildDocsApp(routes, isHttps);
      // A failed build is tried again by the next request.
      building.catch(() => {
        if (docs === building) docs = null;
      });
      docs = building;
    }
    const answer = await (await docs).inject({ method: request.method, url: request.url });
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    }
    return reply.status(answer.statusCode).send(answer.rawPayload);
  };
  app.get(API_DOCS_PREFIX, { schema: { hide: true } }, answerFromDocs);
  app.get(`${API_DOCS_PREFIX}/*`, { schema: { hide: true } }, answerFromDocs);
}
