import {
  addSubjectsInputSchema,
  addSubjectsResponseSchema,
  ErrorCode,
  hideSubjectInputSchema,
  listSubjectsQuerySchema,
  subjectsResponseSchema,
} from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireAdmin, requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { addSubjects, hideSubject, listSubjects } from "./subjects.service.js";

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
        errors: [
          ErrorCode.VALIDATION_FAILED,
          ErrorCode.SUBJECT_VERIFIED_ACCOUNT_REQUIRED,
          ErrorCode.SUBJECT_DAILY_LIMIT_REACHED,
        ],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const body = parseInput(addSubjectsInputSchema, request.body);
      return addSubjects(app.deps, user, body);
    },
  );

  app.post(
    "/admin/subjects/hide",
    {
      schema: routeSchema({
        tags: ["admin"],
        security: [{ session: [] }],
        summary: "Hide a subject from its country's list (it stays hidden when added again)",
        body: hideSubjectInputSchema,
        response: { 204: null },
        errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.FORBIDDEN, ErrorCode.SUBJECT_NOT_FOUND],
      }),
    },
    async (request, reply) => {
      await requireAdmin(request);
      const body = parseInput(hideSubjectInputSchema, request.body);
      await hideSubject(app.deps, body);
      return reply.status(204).send();
    },
  );
}
