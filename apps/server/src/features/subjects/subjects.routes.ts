import {
  addSubjectsInputSchema,
  addSubjectsResponseSchema,
  ErrorCode,
  listSubjectsQuerySchema,
  subjectsResponseSchema,
} from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { addSubjects, listSubjects } from "./subjects.service.js";

export async function subjectsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/subjects",
    {
      schema: routeSchema({
        tags: ["subjects"],
        security: [{ session: [] }],
        summary: "Subjects of a country",
        querystring: listSubjectsQuerySchema,
        response: { 200: subjectsResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const query = parseInput(listSubjectsQuerySchema, request.query);
      return listSubjects(app.deps, user, query);
    },
  );

  app.post(
    "/subjects",
    {
      schema: routeSchema({
        tags: ["subjects"],
        security: [{ session: [] }],
        summary: "Add subjects (new ones created, known ones +1)",
        body: addSubjectsInputSchema,
        response: { 200: addSubjectsResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const body = parseInput(addSubjectsInputSchema, request.body);
      return addSubjects(app.deps, user, body);
    },
  );
}
