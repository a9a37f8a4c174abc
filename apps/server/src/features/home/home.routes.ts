import {
  ErrorCode,
  homeReviewListQuerySchema,
  homeReviewListResponseSchema,
  reviewQueueQuerySchema,
  reviewQueueResponseSchema,
} from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { listHomeReviewPage } from "./home.service.js";
import { listReviewQueue } from "./review-queue.service.js";

/** The review list of the home screen and the review session's queue built on it. */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/home/review-list",
    {
      schema: routeSchema({
        tags: ["home"],
        security: [{ session: [] }],
        summary: "Memos of folders shown on home, highest repetition score first",
        description:
          "Paged: `cursor` is the previous page's `nextCursor`; `total` counts every memo of " +
          "the list. Completed memos of folders with the completion feature are left out.",
        querystring: homeReviewListQuerySchema,
        response: { 200: homeReviewListResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const query = parseInput(homeReviewListQuerySchema, request.query);
      return listHomeReviewPage(app.deps, user.id, query);
    },
  );

  app.get(
    "/review/queue",
    {
      schema: routeSchema({
        tags: ["home"],
        security: [{ session: [] }],
        summary: "The review session's queue: due FSRS memos, then the home review list's",
        description:
          "Due FSRS memos lowest retrievability first, then memos by repetition score; " +
          "`folderId` reviews one folder, without it the folders shown on home.",
        querystring: reviewQueueQuerySchema,
        response: { 200: reviewQueueResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.FOLDER_NOT_FOUND],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const query = parseInput(reviewQueueQuerySchema, request.query);
      return listReviewQueue(app.deps, user.id, query);
    },
  );
}
