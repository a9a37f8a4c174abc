import {
  AppError,
  COUNTRY_CODES,
  DAY_MS,
  ErrorCode,
  normalizeSubjectName,
  planSubjectAdditions,
} from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireAdmin, requireUser } from "../../auth/session.js";
import { parseInput } from "../../http/validate.js";
import { subjectsRepo } from "./subjects.repo.js";

const listQuerySchema = z.object({
  countryCode: z.enum(COUNTRY_CODES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

const addBodySchema = z.object({
  names: z.array(z.string().max(100)).min(1).max(50),
  countryCode: z.enum(COUNTRY_CODES).optional(),
});

/**
 * Subject names (new or known) one user may add in 24 hours: the lists are shared by everyone of
 * a country, so one account must not flood them (issue 16 item 12).
 */
export const SUBJECT_ADDITIONS_PER_DAY = 50;

const hideBodySchema = z.object({
  countryCode: z.enum(COUNTRY_CODES),
  name: z.string().max(100).transform(normalizeSubjectName).pipe(z.string().min(1)),
});

export async function subjectsRoutes(app: FastifyInstance): Promise<void> {
  const repo = subjectsRepo(app.deps.db.kysely);

  app.get(
    "/subjects",
    { schema: { tags: ["subjects"], summary: "Subjects of a country" } },
    async (request) => {
      const user = await requireUser(request);
      const query = parseInput(listQuerySchema, request.query);
      return { subjects: await repo.list(query.countryCode ?? user.countryCode, query.limit) };
    },
  );

  app.post(
    "/subjects",
    { schema: { tags: ["subjects"], summary: "Add subjects (new ones created, known ones +1)" } },
    async (request) => {
      const user = await requireUser(request);
      if (user.isAnonymous || !user.emailVerified) {
        throw new AppError(
          ErrorCode.SUBJECT_VERIFIED_ACCOUNT_REQUIRED,
          "only verified accounts add to the shared subjects",
        );
      }
      const body = parseInput(addBodySchema, request.body);
      const countryCode = body.countryCode ?? user.countryCode;
      const normalized = planSubjectAdditions(body.names, []).toCreate;
      const existing = await repo.existingNames(countryCode, normalized);
      const plan = planSubjectAdditions(body.names, existing);
      const now = app.deps.now();
      const limit = { since: now - DAY_MS, max: SUBJECT_ADDITIONS_PER_DAY };
      if (!(await repo.addForUser(user.id, countryCode, normalized, now, limit))) {
        throw new AppError(
          ErrorCode.SUBJECT_DAILY_LIMIT_REACHED,
          `at most ${SUBJECT_ADDITIONS_PER_DAY} subject names a day`,
          { maxPerDay: SUBJECT_ADDITIONS_PER_DAY },
        );
      }
      return { created: plan.toCreate, incremented: plan.toIncrement };
    },
  );

  app.post(
    "/admin/subjects/hide",
    {
      schema: {
        tags: ["admin"],
        summary: "Hide a subject from its country's list (204; it stays hidden when added again)",
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const body = parseInput(hideBodySchema, request.body);
      if (!(await repo.hide(body.countryCode, body.name, app.deps.now()))) {
        throw new AppError(ErrorCode.SUBJECT_NOT_FOUND, "no such subject in this country");
      }
      return reply.status(204).send();
    },
  );
}
