import {
  changePriorityInputSchema,
  completeMemoInputSchema,
  completionParamsSchema,
  createMemoInputSchema,
  deleteQuerySchema,
  ErrorCode,
  folderIdParamsSchema,
  listMemosQuerySchema,
  listMemosResponseSchema,
  memoIdParamsSchema,
  memoOpInputSchema,
  memoResponseSchema,
  memoShareResponseSchema,
  memoSummaryResponseSchema,
  moveMemoInputSchema,
  publicMemoParamsSchema,
  publicMemoResponseSchema,
  reviewMemoInputSchema,
  reviewParamsSchema,
  updateMemoInputSchema,
  updateMemoResponseSchema,
} from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import {
  changeMemoPriority,
  completeMemo,
  reviewMemo,
  uncompleteMemo,
  undoCompletion,
  undoReview,
  undoUncompletion,
} from "./memo-review.service.js";
import { getSharedMemo, shareMemo, unshareMemo } from "./memo-share.service.js";
import {
  createMemo,
  deleteMemo,
  getMemo,
  listMemos,
  moveMemo,
  updateMemo,
} from "./memos.service.js";

const tags = ["memos"];
const security = [{ session: [] }];
const { VALIDATION_FAILED, MEMO_NOT_FOUND, FOLDER_NOT_FOUND, OP_ID_CONFLICT } = ErrorCode;

/** Reads of shared memos one client address may make; anyone may call it, signed in or not. */
export const PUBLIC_MEMO_READS_PER_IP_PER_MINUTE = 60;

/**
 * Memos of the signed-in user: lists, CRUD, move, reviews, completion, priority and sharing; and
 * the public read of a shared memo.
 */
export async function memoRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/folders/:folderId/memos",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "One page of a folder's memos (no contents) in a sort mode; keyset cursor",
        params: folderIdParamsSchema,
        querystring: listMemosQuerySchema,
        response: { 200: listMemosResponseSchema },
        errors: [VALIDATION_FAILED, FOLDER_NOT_FOUND],
      }),
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
      schema: routeSchema({
        tags,
        security,
        summary: "Create a memo (201), or answer the existing one for a known client id (200)",
        description: "A client id of a deleted memo is refused (410): it never comes back.",
        body: createMemoInputSchema,
        response: { 201: memoResponseSchema, 200: memoResponseSchema },
        errors: [VALIDATION_FAILED, FOLDER_NOT_FOUND, ErrorCode.MEMO_DELETED],
      }),
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
    {
      schema: routeSchema({
        tags,
        security,
        summary: "A whole memo with review and completion times",
        params: memoIdParamsSchema,
        response: { 200: memoResponseSchema },
        errors: [VALIDATION_FAILED, MEMO_NOT_FOUND],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      return { memo: await getMemo(app.deps, user.id, memoId) };
    },
  );

  app.patch(
    "/memos/:memoId",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Change a memo; empty contents leave the stored contents unchanged",
        description:
          "Idempotent under `opId`. With `baseRevision` below the stored revision, a change of " +
          "title or contents first keeps the stored text as a conflict copy (`conflictCopy`).",
        params: memoIdParamsSchema,
        body: updateMemoInputSchema,
        response: { 200: updateMemoResponseSchema },
        errors: [VALIDATION_FAILED, MEMO_NOT_FOUND, OP_ID_CONFLICT],
      }),
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
      schema: routeSchema({
        tags,
        security,
        summary: "Move a memo into another folder, once per opId if given",
        params: memoIdParamsSchema,
        body: moveMemoInputSchema,
        response: { 200: memoResponseSchema },
        errors: [VALIDATION_FAILED, MEMO_NOT_FOUND, FOLDER_NOT_FOUND, OP_ID_CONFLICT],
      }),
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
      schema: routeSchema({
        tags,
        security,
        summary: "Delete a memo",
        description: "Idempotent: 204 also when the memo is already deleted; `?opId=` optional.",
        params: memoIdParamsSchema,
        querystring: deleteQuerySchema,
        response: { 204: null },
        errors: [VALIDATION_FAILED, MEMO_NOT_FOUND, OP_ID_CONFLICT],
      }),
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
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Record a review (optional grade 1-4), once per opId; the memo with its fsrs",
        params: memoIdParamsSchema,
        body: reviewMemoInputSchema,
        response: { 200: memoSummaryResponseSchema },
        errors: [VALIDATION_FAILED, MEMO_NOT_FOUND, OP_ID_CONFLICT],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      const input = parseInput(reviewMemoInputSchema, request.body);
      return { memo: await reviewMemo(app.deps, user.id, memoId, input) };
    },
  );

  app.delete(
    "/memos/:memoId/reviews/:opId",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Undo the memo's review recorded with this opId; the memo derived again",
        description: "Idempotent: undoing an undone review answers the memo again.",
        params: reviewParamsSchema,
        response: { 200: memoSummaryResponseSchema },
        errors: [VALIDATION_FAILED, MEMO_NOT_FOUND, ErrorCode.REVIEW_NOT_FOUND],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { memoId, opId } = parseInput(reviewParamsSchema, request.params);
      return { memo: await undoReview(app.deps, user.id, memoId, opId) };
    },
  );

  app.post(
    "/memos/:memoId/complete",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Mark a memo complete, once per opId",
        params: memoIdParamsSchema,
        body: completeMemoInputSchema,
        response: { 200: memoSummaryResponseSchema },
        errors: [VALIDATION_FAILED, MEMO_NOT_FOUND, OP_ID_CONFLICT],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      const input = parseInput(completeMemoInputSchema, request.body);
      return { memo: await completeMemo(app.deps, user.id, memoId, input) };
    },
  );

  app.post(
    "/memos/:memoId/uncomplete",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Undo a memo's latest completion, once per opId",
        params: memoIdParamsSchema,
        body: memoOpInputSchema,
        response: { 200: memoSummaryResponseSchema },
        errors: [VALIDATION_FAILED, MEMO_NOT_FOUND, ErrorCode.MEMO_NOT_COMPLETED, OP_ID_CONFLICT],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      const input = parseInput(memoOpInputSchema, request.body);
      return { memo: await uncompleteMemo(app.deps, user.id, memoId, input) };
    },
  );

  app.delete(
    "/memos/:memoId/completions/:opId",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Undo the memo's completion recorded with this opId",
        description: "Idempotent: undoing an undone completion answers the memo again.",
        params: completionParamsSchema,
        response: { 200: memoSummaryResponseSchema },
        errors: [VALIDATION_FAILED, MEMO_NOT_FOUND, ErrorCode.COMPLETION_NOT_FOUND],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { memoId, opId } = parseInput(completionParamsSchema, request.params);
      return { memo: await undoCompletion(app.deps, user.id, memoId, opId) };
    },
  );

  app.delete(
    "/memos/:memoId/uncompletions/:opId",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Undo the un-complete made with this opId: its completion counts again",
        description: "Idempotent: undoing it again answers the memo again.",
        params: completionParamsSchema,
        response: { 200: memoSummaryResponseSchema },
        errors: [VALIDATION_FAILED, MEMO_NOT_FOUND, ErrorCode.COMPLETION_NOT_FOUND],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { memoId, opId } = parseInput(completionParamsSchema, request.params);
      return { memo: await undoUncompletion(app.deps, user.id, memoId, opId) };
    },
  );

  app.post(
    "/memos/:memoId/priority",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Add or subtract 1 from a memo's priority, once per opId",
        params: memoIdParamsSchema,
        body: changePriorityInputSchema,
        response: { 200: memoSummaryResponseSchema },
        errors: [VALIDATION_FAILED, MEMO_NOT_FOUND, OP_ID_CONFLICT],
      }),
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
      schema: routeSchema({
        tags,
        security,
        summary: "Share a memo at /view/{countryCode}/{shareToken} under the owner's country",
        description:
          "Idempotent: a shared memo keeps its address. Each share draws a new random token.",
        params: memoIdParamsSchema,
        response: { 200: memoShareResponseSchema },
        errors: [VALIDATION_FAILED, MEMO_NOT_FOUND],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { memoId } = parseInput(memoIdParamsSchema, request.params);
      return { share: await shareMemo(app.deps, user, memoId) };
    },
  );

  app.delete(
    "/memos/:memoId/share",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Stop sharing a memo (204, also when not shared)",
        params: memoIdParamsSchema,
        response: { 204: null },
        errors: [VALIDATION_FAILED, MEMO_NOT_FOUND],
      }),
    },
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
      schema: routeSchema({
        tags: ["public"],
        summary: "A shared memo's title, contents and times, for anyone (no session needed)",
        // A malformed address is answered MEMO_NOT_FOUND, not VALIDATION_FAILED.
        params: publicMemoParamsSchema,
        response: { 200: publicMemoResponseSchema },
        errors: [MEMO_NOT_FOUND, ErrorCode.RATE_LIMITED],
      }),
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
