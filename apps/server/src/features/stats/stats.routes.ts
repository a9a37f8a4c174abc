import { ErrorCode, statsQuerySchema, statsResponseSchema } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { getStats } from "./stats.service.js";

/** Review statistics of the signed-in user. */
export async function statsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/stats",
    {
      schema: routeSchema({
        tags: ["stats"],
        security: [{ session: [] }],
        summary:
          "Reviews per local day (heatmap), streaks, reviews per day over 30/90/365 days, " +
          "a 30-day forecast of due FSRS memos and true retention per FSRS folder",
        querystring: statsQuerySchema,
        response: { 200: statsResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const query = parseInput(statsQuerySchema, request.query);
      return getStats(app.deps, user.id, query);
    },
  );
}
