import { addSubjectsInputSchema, listSubjectsQuerySchema } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { parseInput } from "../../http/validate.js";
import { addSubjects, listSubjects } from "./subjects.service.js";

export async function subjectsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/subjects",
    { schema: { tags: ["subjects"], summary: "Subjects of a country" } },
    async (request) => {
      const user = await requireUser(request);
      const query = parseInput(listSubjectsQuerySchema, request.query);
      return listSubjects(app.deps, user, query);
    },
  );

  app.post(
    "/subjects",
    { schema: { tags: ["subjects"], summary: "Add subjects (new ones created, known ones +1)" } },
    async (request) => {
      const user = await requireUser(request);
      const body = parseInput(addSubjectsInputSchema, request.body);
      return addSubjects(app.deps, user, body);
    },
  );
}
