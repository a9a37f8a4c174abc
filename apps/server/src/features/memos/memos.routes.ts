import {
  changePriorityInputSchema,
  completeMemoInputSchema,
  createMemoInputSchema,
  deleteQuerySchema,
  folderIdParamsSchema,
  listMemosQuerySchema,
  memoIdParamsSchema,
  memoOpInputSchema,
  moveMemoInputSchema,
  publicMemoParamsSchema,
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
  getSharedMemo,
  listMemos,
  moveMemo,
  reviewMemo,
  shareMemo,
  uncompleteMemo,
  unshareMemo,
  updateMemo,
} from "./memos.service.js";

const tags = ["memos"];
const security = [{ session: [] }];

/** Reads of shared memos one client address may make; anyone may call it, signed in or not. */
const PUBLIC_MEMO_READS_PER_IP_PER_MINUTE = 60;

/**
 * Memos of the signed-in user: lists, CRUD, move, reviews, completion, priority and sharing; and
 * the public read of a shared memo.
 */
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
        description:
          "Idempotent under `opId`. With `baseRevision` below the stored revision, a change of " +
          "title or contents first keeps the stored text as a conflict copy (`conflictCopy`).",
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      const input = parseInput(updateMemoInputSchema, request.body);
      return updateMemo(app.deps, user, memoId, input);
    },
  );

  app.post(
    "/memos/:memoId/move",
    {
      schema: {
        tags,
        security,
        summary: "Move a memo into another folder, once per opId if given",
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      const input = parseInput(moveMemoInputSchema, request.body);
      return { memo: await moveMemo(app.deps, user.id, memoId, input) };
    },
  );

  app.delete(
    "/memos/:memoId",
    {
      schema: {
        tags,
        security,
        summary: "Delete a memo",
        description: "Idempotent: 204 also when the memo is already deleted; `?opId=` optional.",
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      const query = parseInput(deleteQuerySchema, request.query);
      await deleteMemo(app.deps, user.id, memoId, query);
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
      const input = parseInput(completeMemoInputSchema, request.body);
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

  app.put(
    "/memos/:memoId/share",
    {
      schema: {
        tags,
        security,
        summary: "Share a memo at /view/{countryCode}/{shareToken} under the owner's country",
        description:
          "Idempotent: a shared memo keeps its address. Each share draws a new random token.",
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      return { share: await shareMemo(app.deps, user, memoId) };
    },
  );

  app.delete(
    "/memos/:memoId/share",
    { schema: { tags, security, summary: "Stop sharing a memo (204, also when not shared)" } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      await unshareMemo(app.deps, user.id, memoId);
      return reply.status(204).send();
    },
  );

  app.get(
    "/public/:countryCode/memos/:shareToken",
    {
      config: {
        rateLimit: { max: PUBLIC_MEMO_READS_PER_IP_PER_MINUTE, timeWindow: "1 minute" },
      },
      schema: {
        tags: ["public"],
        summary: "A shared memo's title, contents and times, for anyone (no session needed)",
      },
    },
    async (request, reply) => {
      // Sharing and unsharing take effect at once only if no cache on the way keeps an answer.
      reply.header("cache-control", "no-store");
      // A malformed address gets the answer of an unknown memo, not a validation error.
      const address = publicMemoParamsSchema.safeParse(request.params);
      return { memo: await getSharedMemo(app.deps, address.success ? address.data : null) };
    },
  );
}
