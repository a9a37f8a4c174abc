import { COUNTRY_CODES, ErrorCode, planSubjectAdditions, subjectSchema } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
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

export async function subjectsRoutes(app: FastifyInstance): Promise<void> {
  const repo = subjectsRepo(app.deps.db.kysely);

  app.get(
    "/subjects",
    {
      schema: routeSchema({
        tags: ["subjects"],
        security: [{ session: [] }],
        summary: "Subjects of a country",
        querystring: listQuerySchema,
        response: { 200: z.object({ subjects: z.array(subjectSchema) }) },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const query = parseInput(listQuerySchema, request.query);
      return { subjects: await repo.list(query.countryCode ?? user.countryCode, query.limit) };
    },
  );

  app.post(
    "/subjects",
    {
      schema: routeSchema({
        tags: ["subjects"],
        security: [{ session: [] }],
        summary: "Add subjects (new ones created, known ones +1)",
        body: addBodySchema,
        response: {
          200: z.object({ created: z.array(z.string()), incremented: z.array(z.string()) }),
        },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const body = parseInput(addBodySchema, request.body);
      const countryCode = body.countryCode ?? user.countryCode;
      const normalized = planSubjectAdditions(body.names, []).toCreate;
      const existing = await repo.existingNames(countryCode, normalized);
      const plan = planSubjectAdditions(body.names, existing);
      await repo.addOrIncrement(countryCode, normalized, app.deps.now());
      return { created: plan.toCreate, incremented: plan.toIncrement };
    },
  );
}
