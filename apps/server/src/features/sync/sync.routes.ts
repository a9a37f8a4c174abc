import {
  ErrorCode,
  parseOrThrow,
  syncChangesQuerySchema,
  syncChangesResponseSchema,
  syncOpsInputSchema,
  syncOpsResponseSchema,
} from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { listChanges } from "./sync.service.js";
import { applySyncOps } from "./sync-ops.service.js";

const tags = ["sync"];
const security = [{ session: [] }];

/**
 * What offline clients sync: the change feed they pull (what changed in the user's folders and
 * memos) and the batch of outbox changes they push.
 */
export async function syncRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/sync/changes",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Folders, memos (with contents) and deletions changed after a cursor",
        description:
          "Pages of at most 1000 items in (seq, kind, id) order; no cursor = from the beginning. " +
          "`nextCursor` is always present; `hasMore` says another page follows now.",
        querystring: syncChangesQuerySchema,
        response: { 200: syncChangesResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const query = parseInput(syncChangesQuerySchema, request.query);
      return listChanges(app.deps, user.id, query);
    },
  );

  app.post(
    "/sync/ops",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Apply up to 100 outbox changes in order, each as its single route would",
        description:
          "Each op in its own transaction, idempotent by its opId. One result per op: " +
          "`applied` (with the single route's answer), `refused` (its 4xx code; also for an op " +
          "that fails validation) or `not-attempted` (after an unexpected failure, which stops " +
          "the batch). Each op is one of the kinds `memo.create` … `folder.order` (the " +
          "domain's `syncOpSchema`).",
        body: syncOpsInputSchema,
        response: { 200: syncOpsResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      // Only the outer shape here (parseInput would also refuse the whole batch for one op's
      // NUL character): each op is validated on its own, so a bad one is refused alone.
      const { ops } = parseOrThrow(syncOpsInputSchema, request.body, "request");
      return { results: await applySyncOps(app.deps, user, ops, request.log) };
    },
  );
}
