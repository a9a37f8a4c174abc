import { ErrorCode } from "@mnemo/domain";
import type { FastifyInstance, FastifySchema } from "fastify";
import { z } from "zod";
import { errorStatus } from "./error-status.js";

/** A JSON schema as `z.toJSONSchema` writes it for OpenAPI 3.0. */
type JsonSchema = Record<string, unknown>;

/** What `/api/docs` shows of one route; the zod schemas are the domain's own. */
export interface RouteDocs {
  tags: string[];
  summary: string;
  description?: string;
  /** `[{ session: [] }]` for a route that needs a session. */
  security?: Array<Record<string, string[]>>;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The body's media types when it is not JSON (e.g. `multipart/form-data` for an upload). */
  consumes?: string[];
  /** The success answers by status: the body's schema, or `null` for an answer without one. */
  response: { 200?: z.ZodType; 201?: z.ZodType; 202?: z.ZodType; 204?: null };
  /**
   * The codes this route may answer besides those every such route may: a session's
   * (UNAUTHENTICATED, AUTH_HAS_NOT_USER_INFORMATION) and a body's (PAYLOAD_TOO_LARGE) are added.
   */
  errors?: readonly ErrorCode[];
}

const SUCCESS_DESCRIPTIONS = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No content",
} as const;

function toJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io,
    target: "openapi-3.0",
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      if (io !== "input") return;
      const { def } = zodSchema._zod;
      // A query integer is a string of digits read into a number, then checked: its input is
      // "a string or an integer", which hides the bounds. Show what the value must be instead.
      if (def.type === "pipe" && def.out._zod.def.type !== "transform") {
        const output = toJsonSchema(def.out as z.ZodType, "output");
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
        Object.assign(jsonSchema, output);
      }
      // What an absent field means (the input form leaves it out).
      if (def.type === "default") jsonSchema.default = def.defaultValue;
    },
  });
  return json;
}

/** `{ error: { code, message, details? } }` with the given codes, as the error handler sends it. */
function errorResponseSchema(codes: readonly ErrorCode[]): JsonSchema {
  const schema = z.object({
    error: z.object({
      code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
      message: z.string().describe("English, for logs; clients show their text for the code"),
      details: z
        .unknown()
        .optional()
        .describe("VALIDATION_FAILED: [{ path, issue }], one per refused field"),
    }),
  });
  return { ...toJsonSchema(schema, "output"), description: codes.join(", ") };
}

/** Where a route's schema keeps its docs until the API docs are first asked for. */
const ROUTE_DOCS = Symbol("routeDocs");

/**
 * The Fastify `schema` of a route, for the API docs only. It holds the docs as given: their JSON
 * schemas are made by {@link documentedSchema} when the docs are first asked for (see
 * api-docs.ts), not by every server at boot. Fastify neither validates nor serializes with it
 * (see {@link useSchemasForDocsOnly}): handlers validate with `parseInput`.
 */
export function routeSchema(docs: RouteDocs): FastifySchema {
  return { [ROUTE_DOCS]: docs } as FastifySchema;
}

/**
 * A route's schema as the API docs show it: request and response shapes from the domain's zod
 * schemas (requests as clients send them, answers as the server sends them) and the error
 * answers grouped by status. A schema not made by {@link routeSchema} is as it was given.
 */
export function documentedSchema(schema: FastifySchema): FastifySchema {
  const docs = (schema as { [ROUTE_DOCS]?: RouteDocs })[ROUTE_DOCS];
  if (!docs) return schema;
  const { params, querystring, body, response, errors = [], ...texts } = docs;
  const documented: FastifySchema = { ...texts };
  if (params) documented.params = toJsonSchema(params, "input");
  if (querystring) documented.querystring = toJsonSchema(querystring, "input");
  if (body) documented.body = toJsonSchema(body, "input");

  const responses: Record<number, JsonSchema> = {};
  for (const [key, answer] of Object.entries(response)) {
    const status = Number(key) as keyof typeof SUCCESS_DESCRIPTIONS;
    const description = SUCCESS_DESCRIPTIONS[status];
    responses[status] = answer
      ? { ...toJsonSchema(answer, "output"), description }
      : { type: "null", description };
  }
  const codes = new Set(errors);
  if (texts.security) {
    codes.add(ErrorCode.UNAUTHENTICATED);
    codes.add(ErrorCode.AUTH_HAS_NOT_USER_INFORMATION);
  }
  if (body) codes.add(ErrorCode.PAYLOAD_TOO_LARGE);
  const codesByStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorStatus[code];
    codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
  }
  for (const [status, statusCodes] of [...codesByStatus].sort(([a], [b]) => a - b)) {
    responses[status] = errorResponseSchema(statusCodes);
  }
  documented.response = responses;
  return documented;
}

/** Accepts any input unchanged: `parseInput` in the handler is the one validator. */
const acceptAnyInput = () => () => true;
/** Every answer as `JSON.stringify` writes it, so no field is dropped for a missing schema entry. */
const serializeWhole = () => JSON.stringify;

/**
 * Makes route schemas documentation only, for every route registered after this call. Fastify
 * would otherwise validate and coerce input with them (its own error shape, without our
 * `{ path, issue }` details, and stripping unknown fields), and serialize answers with
 * fast-json-stringify, which drops every field a response schema does not list.
 */
export function useSchemasForDocsOnly(app: FastifyInstance): void {
  app.setValidatorCompiler(acceptAnyInput);
  app.setSerializerCompiler(serializeWhole);
}
