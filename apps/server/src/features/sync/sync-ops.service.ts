import type { SyncOp, SyncOpResult } from "@mnemo/domain";
import { AppError, syncOpSchema } from "@mnemo/domain";
import type { FastifyBaseLogger } from "fastify";
import { inOneWrite } from "../../db/user-write.js";
import type { ServiceDeps } from "../../deps.js";
import { errorStatus } from "../../http/error-status.js";
import { parseInput } from "../../http/validate.js";
// A batch is the single routes one after another: it calls their service functions, so each op
// keeps every rule (and idempotency by opId) of its route, with no copy of any of them here.
import {
  createFolder,
  deleteFolder,
  reorderFolders,
  updateFolder,
} from "../folders/folders.service.js";
import {
  changeMemoPriority,
  completeMemo,
  reviewMemo,
  uncompleteMemo,
  undoCompletion,
  undoReview,
  undoUncompletion,
} from "../memos/memo-review.service.js";
import { createMemo, deleteMemo, moveMemo, updateMemo } from "../memos/memos.service.js";
import { restoreFromTrash } from "../trash/trash.service.js";

type Deps = ServiceDeps;

type Applied = Omit<Extract<SyncOpResult, { status: "applied" }>, "opId" | "status">;

/** Applies one op with the service function of its single route; answers what that route does. */
async function applyOp(
  deps: Deps,
  user: { id: string; name: string },
  op: SyncOp,
): Promise<Applied> {
  const { opId } = op;
  switch (op.kind) {
    case "memo.create": {
      const { memo } = await createMemo(deps, user, op.input, opId);
      return memo ? { memo } : {};
    }
    case "memo.update":
      return updateMemo(deps, user, op.memoId, {
        ...op.input,
        opId,
        baseRevision: op.baseRevision,
      });
    case "memo.move":
      return { memo: await moveMemo(deps, user.id, op.memoId, { opId, folderId: op.folderId }) };
    case "memo.delete":
      await deleteMemo(deps, user.id, op.memoId, { opId });
      return {};
    case "memo.review": {
      const input = { opId, reviewedAt: op.reviewedAt, value: op.value, grade: op.grade };
      return { memo: await reviewMemo(deps, user.id, op.memoId, input) };
    }
    case "memo.review.undo":
      return { memo: await undoReview(deps, user.id, op.memoId, op.reviewOpId) };
    case "memo.complete": {
      const input = { opId, completedAt: op.completedAt };
      return { memo: await completeMemo(deps, user.id, op.memoId, input) };
    }
    case "memo.complete.undo":
      return { memo: await undoCompletion(deps, user.id, op.memoId, op.completionOpId) };
    case "memo.uncomplete":
      return { memo: await uncompleteMemo(deps, user.id, op.memoId, { opId }) };
    case "memo.uncomplete.undo":
      return { memo: await undoUncompletion(deps, user.id, op.memoId, op.uncompleteOpId) };
    case "memo.priority": {
      const input = { opId, delta: op.delta };
      return { memo: await changeMemoPriority(deps, user.id, op.memoId, input) };
    }
    case "folder.create": {
      const { folder } = await createFolder(deps, user.id, op.input, opId);
      return folder ? { folder } : {};
    }
    case "folder.update":
      return { folder: await updateFolder(deps, user.id, op.folderId, { ...op.input, opId }) };
    case "folder.delete":
      await deleteFolder(deps, user.id, op.folderId, { opId });
      return {};
    case "memo.restore":
      await restoreFromTrash(deps, user.id, { kind: "memo", id: op.memoId, opId });
      return {};
    case "folder.restore":
      await restoreFromTrash(deps, user.id, { kind: "folder", id: op.folderId, opId });
      return {};
    case "folder.order":
      return { folders: await reorderFolders(deps, user.id, { opId, folderIds: op.folderIds }) };
  }
}

/** An error the op's single route would answer with a 4xx: the op is refused, the batch goes on. */
function isRefusal(error: unknown): error is AppError {
  return error instanceof AppError && errorStatus[error.code] < 500;
}

/**
 * Applies a client's changes in order, each as its single route would (same service function,
 * so the same rules, idempotency by opId and answers) in a savepoint of its own, so a refused
 * op undoes nothing of the others; on SQLite the whole batch is one transaction (inOneWrite).
 * Each op is validated here, on its own: one that fails its schema is refused with
 * VALIDATION_FAILED.
 *
 * An unexpected failure (anything a route would answer with a 5xx) is logged as the error
 * handler logs it and stops the batch: that op and every later one are answered
 * `not-attempted`, for the client to send again later.
 */
export async function applySyncOps(
  deps: Deps,
  user: { id: string; name: string },
  ops: ReadonlyArray<{ opId: string; kind: string }>,
  log: Pick<FastifyBaseLogger, "error">,
): Promise<SyncOpResult[]> {
  // One COMMIT for the whole batch on SQLite; each op still in a savepoint of its own.
  return inOneWrite(deps, user.id, (batchDeps) => applyInOrder(batchDeps, user, ops, log));
}

async function applyInOrder(
  deps: Deps,
  user: { id: string; name: string },
  ops: ReadonlyArray<{ opId: string; kind: string }>,
  log: Pick<FastifyBaseLogger, "error">,
): Promise<SyncOpResult[]> {
  const results: SyncOpResult[] = [];
  let hasFailed = false;
  for (const raw of ops) {
    const { opId } = raw;
    if (hasFailed) {
      results.push({ opId, status: "not-attempted" });
      continue;
    }
    try {
      const op = parseInput(syncOpSchema, raw);
      results.push({ opId, status: "applied", ...(await applyOp(deps, user, op)) });
    } catch (error) {
      if (isRefusal(error)) {
        const { code, details } = error;
        results.push({ opId, status: "refused", code, ...(details !== undefined && { details }) });
      } else {
        log.error({ err: error, opId, kind: raw.kind }, "unhandled error");
        hasFailed = true;
        results.push({ opId, status: "not-attempted" });
      }
    }
  }
  return results;
}
