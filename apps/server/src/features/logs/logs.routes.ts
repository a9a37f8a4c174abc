import { AppError, ErrorCode, logEntryInputSchema, logEntrySchema, randomId } from "@mnemo/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { requireAdmin, requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { logsRepo } from "./logs.repo.js";

/** A log entry is small; anything bigger is refused before parsing. */
const LOG_BODY_LIMIT_BYTES = 8 * 1024;

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
});

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
  const repo = logsRepo(app.deps.db.kysely);

  app.post(
    "/logs",
    {
      bodyLimit: LOG_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: routeSchema({
        tags: ["logs"],
        summary: "Record a client error (spec 8 error dialog)",
        body: logEntryInputSchema,
        response: { 201: z.object({ ok: z.literal(true) }) },
        errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.RATE_LIMITED],
      }),
    },
    async (request, reply) => {
      const input = parseInput(logEntryInputSchema, request.body);
      // The user key is taken from the session, never from the body, so nobody can write
      // entries in another user's name.
      const userKey = await sessionUserId(request);
      await repo.insert({ ...input, userKey, id: randomId(), createAt: app.deps.now() });
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
        querystring: listQuerySchema,
        response: {
          200: z.object({ entries: z.array(logEntrySchema.extend({ id: z.string() })) }),
        },
        errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.FORBIDDEN],
      }),
    },
    async (request) => {
      await requireAdmin(request);
      const query = parseInput(listQuerySchema, request.query);
      return { entries: await repo.latest(query.limit, query.before) };
    },
  );
}
