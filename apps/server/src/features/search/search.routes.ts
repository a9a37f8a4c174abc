import {
  ErrorCode,
  searchQuerySchema,
  searchResponseSchema,
  tagsResponseSchema,
} from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { listTags, searchMemos } from "./search.service.js";

const tags = ["search"];
const security = [{ session: [] }];
const { VALIDATION_FAILED, FOLDER_NOT_FOUND } = ErrorCode;

/** Search over the signed-in user's memos, and their tags (issue #10). */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/search",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "One page of the user's memos that contain the query, best first; keyset cursor",
        description:
          "Finds every memo whose title, text, hint or tags contain each word or phrase of `q` " +
          "(case, width and accents ignored; one-character words whole), with `#tag` and " +
          "`-exclusions`; ranked title hits first, then relevance, then recency.",
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
        errors: [VALIDATION_FAILED, FOLDER_NOT_FOUND],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const query = parseInput(searchQuerySchema, request.query);
      return searchMemos(app.deps, user.id, query);
    },
  );

  app.get(
    "/tags",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "The user's tags with how many memos carry each",
        response: { 200: tagsResponseSchema },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      return listTags(app.deps, user.id);
    },
  );
}
