import {
  AppError,
  ErrorCode,
  listLogsQuerySchema,
  logEntryInputSchema,
  logsResponseSchema,
  recordLogResponseSchema,
} from "@mnemo/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireAdmin, requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { listLogEntries, recordLogEntry } from "./logs.service.js";

/** A log entry is small; anything bigger is refused before parsing. */
const LOG_BODY_LIMIT_BYTES = 8 * 1024;

/** The signed-in user's id, or null: the error dialog also logs for signed-out visitors. */
async function sessionUserId(request: FastifyRequest): Promise<string | null> {
  try {
    return (await requireUser(request)).id;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

export async function logsRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    "/logs",
    {
      bodyLimit: LOG_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: routeSchema({
        tags: ["logs"],
        summary: "Record a client error (the error dialog's log entry)",
        body: logEntryInputSchema,
        response: { 201: recordLogResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.RATE_LIMITED],
      }),
    },
    async (request, reply) => {
      const input = parseInput(logEntryInputSchema, request.body);
      await recordLogEntry(app.deps, input, await sessionUserId(request));
      return reply.status(201).send({ ok: true });
    },
  );

  app.get(
    "/admin/logs",
    {
      schema: routeSchema({
        tags: ["admin"],
        security: [{ session: [] }],
        summary: "Latest error log entries (admins only)",
        querystring: listLogsQuerySchema,
        response: { 200: logsResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.FORBIDDEN],
      }),
    },
    async (request) => {
      await requireAdmin(request);
      const query = parseInput(listLogsQuerySchema, request.query);
      return listLogEntries(app.deps, query);
    },
  );
}
