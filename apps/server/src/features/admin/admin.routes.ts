import { analyticsQuerySchema } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireAdmin } from "../../auth/session.js";
import { parseInput } from "../../http/validate.js";
import { getAnalytics } from "./admin.service.js";

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/admin/analytics",
    { schema: { tags: ["admin"], summary: "Users, sign-ups and reviews per day, latest errors" } },
    async (request) => {
      await requireAdmin(request);
      const query = parseInput(analyticsQuerySchema, request.query);
      return getAnalytics(app.deps, query);
    },
  );
}
