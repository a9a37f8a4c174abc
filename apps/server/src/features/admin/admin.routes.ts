import { analyticsQuerySchema, analyticsResponseSchema, ErrorCode } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireAdmin } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { getAnalytics } from "./admin.service.js";

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/admin/analytics",
    {
      schema: routeSchema({
        tags: ["admin"],
        security: [{ session: [] }],
        summary: "Users, sign-ups and reviews per day, latest errors",
        querystring: analyticsQuerySchema,
        response: { 200: analyticsResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.FORBIDDEN],
      }),
    },
    async (request) => {
      await requireAdmin(request);
      const query = parseInput(analyticsQuerySchema, request.query);
      return getAnalytics(app.deps, query);
    },
  );
}
