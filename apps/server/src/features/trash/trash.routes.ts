import {
  deleteQuerySchema,
  ErrorCode,
  restoreTrashInputSchema,
  restoreTrashResponseSchema,
  trashItemParamsSchema,
  trashListResponseSchema,
} from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { deleteFromTrash, emptyTrash, listTrash, restoreFromTrash } from "./trash.service.js";

const tags = ["trash"];
const security = [{ session: [] }];
const { VALIDATION_FAILED, TRASH_ITEM_NOT_FOUND, OP_ID_CONFLICT } = ErrorCode;

/** The signed-in user's trash (PRODUCT.md › Trash): list, restore, delete for good, empty. */
export async function trashRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/trash",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Deleted memos and folders kept for 30 days, newest delete first",
        response: { 200: trashListResponseSchema },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      return listTrash(app.deps, user.id);
    },
  );

  app.post(
    "/trash/restore",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Put a trashed memo or folder back where it was",
        description:
          "A memo whose folder is gone goes to the root folder; `opId` makes a replay change nothing.",
        body: restoreTrashInputSchema,
        response: { 200: restoreTrashResponseSchema },
        errors: [VALIDATION_FAILED, TRASH_ITEM_NOT_FOUND, OP_ID_CONFLICT],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const input = parseInput(restoreTrashInputSchema, request.body);
      return restoreFromTrash(app.deps, user.id, input);
    },
  );

  app.delete(
    "/trash/:kind/:id",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Delete a trashed memo or folder for good",
        description:
          "Idempotent: 204 also when it was already deleted for good; `?opId=` optional.",
        params: trashItemParamsSchema,
        querystring: deleteQuerySchema,
        response: { 204: null },
        errors: [VALIDATION_FAILED, TRASH_ITEM_NOT_FOUND, OP_ID_CONFLICT],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const item = parseInput(trashItemParamsSchema, request.params);
      const query = parseInput(deleteQuerySchema, request.query);
      await deleteFromTrash(app.deps, user.id, item, query);
      return reply.status(204).send();
    },
  );

  app.delete(
    "/trash",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Empty the trash: delete everything in it for good",
        querystring: deleteQuerySchema,
        response: { 204: null },
        errors: [VALIDATION_FAILED, OP_ID_CONFLICT],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const query = parseInput(deleteQuerySchema, request.query);
      await emptyTrash(app.deps, user.id, query);
      return reply.status(204).send();
    },
  );
}
