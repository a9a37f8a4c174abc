import { ErrorCode, homeReviewListQuerySchema, homeReviewListResponseSchema } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { listHomeReviewMemos } from "./home.service.js";

/** The review list of the home screen. */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/home/review-list",
    {
      schema: routeSchema({
        tags: ["home"],
        security: [{ session: [] }],
        summary: "Memos of folders shown on home, highest repetition score first",
        querystring: homeReviewListQuerySchema,
        response: { 200: homeReviewListResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const query = parseInput(homeReviewListQuerySchema, request.query);
      return { memos: await listHomeReviewMemos(app.deps, user.id, query) };
    },
  );
}
