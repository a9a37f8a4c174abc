import {
  changePriorityInputSchema,
  createMemoInputSchema,
  folderIdParamsSchema,
  listMemosQuerySchema,
  memoIdParamsSchema,
  memoOpInputSchema,
  moveMemoInputSchema,
  reviewMemoInputSchema,
  updateMemoInputSchema,
} from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { parseInput } from "../../http/validate.js";
import {
  changeMemoPriority,
  completeMemo,
  createMemo,
  deleteMemo,
  getMemo,
  listMemos,
  moveMemo,
  reviewMemo,
  uncompleteMemo,
  updateMemo,
} from "./memos.service.js";

const tags = ["memos"];
const security = [{ session: [] }];

/** Memos of the signed-in user: lists, CRUD, move, reviews, completion and priority. */
export async function memoRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/folders/:folderId/memos",
    {
      schema: {
        tags,
        security,
        summary: "One page of a folder's memos (no contents) in a sort mode; keyset cursor",
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { folderId } = parseInput(folderIdParamsSchema, request.params);
      const query = parseInput(listMemosQuerySchema, request.query);
      return listMemos(app.deps, user.id, folderId, query);
    },
  );

  app.post(
    "/memos",
    {
      schema: {
        tags,
        security,
        summary: "Create a memo (201), or answer the existing one for a known client id (200)",
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const input = parseInput(createMemoInputSchema, request.body);
      const { memo, created } = await createMemo(app.deps, user, input);
      return reply.status(created ? 201 : 200).send({ memo });
    },
  );

  app.get(
    "/memos/:memoId",
    { schema: { tags, security, summary: "A whole memo with review and completion times" } },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      return { memo: await getMemo(app.deps, user.id, memoId) };
    },
  );

  app.patch(
    "/memos/:memoId",
    {
      schema: {
        tags,
        security,
        summary: "Change a memo; empty contents leave the stored contents unchanged",
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      const input = parseInput(updateMemoInputSchema, request.body);
      return { memo: await updateMemo(app.deps, user.id, memoId, input) };
    },
  );

  app.post(
    "/memos/:memoId/move",
    { schema: { tags, security, summary: "Move a memo into another folder" } },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      const input = parseInput(moveMemoInputSchema, request.body);
      return { memo: await moveMemo(app.deps, user.id, memoId, input) };
    },
  );

  app.delete(
    "/memos/:memoId",
    { schema: { tags, security, summary: "Delete a memo" } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      await deleteMemo(app.deps, user.id, memoId);
      return reply.status(204).send();
    },
  );

  app.post(
    "/memos/:memoId/reviews",
    { schema: { tags, security, summary: "Record a review, once per opId" } },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      const input = parseInput(reviewMemoInputSchema, request.body);
      return { memo: await reviewMemo(app.deps, user.id, memoId, input) };
    },
  );

  app.post(
    "/memos/:memoId/complete",
    { schema: { tags, security, summary: "Mark a memo complete, once per opId" } },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      const input = parseInput(memoOpInputSchema, request.body);
      return { memo: await completeMemo(app.deps, user.id, memoId, input) };
    },
  );

  app.post(
    "/memos/:memoId/uncomplete",
    { schema: { tags, security, summary: "Undo a memo's latest completion, once per opId" } },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      const input = parseInput(memoOpInputSchema, request.body);
      return { memo: await uncompleteMemo(app.deps, user.id, memoId, input) };
    },
  );

  app.post(
    "/memos/:memoId/priority",
    {
      schema: {
        tags,
        security,
        summary: "Add or subtract 1 from a memo's priority, once per opId",
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      const input = parseInput(changePriorityInputSchema, request.body);
      return { memo: await changeMemoPriority(app.deps, user.id, memoId, input) };
    },
  );
}
