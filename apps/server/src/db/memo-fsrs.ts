import { type FsrsMemoState, fsrsRetrievability, fsrsStateFromReviews } from "@mnemo/domain";
import type { Executor } from "./database.js";
import {
  deleteMemoFsrs,
  type StoredFsrs,
  selectFsrsReviewRows,
  selectFsrsWeights,
  selectMemoFsrs,
  selectMemosForFsrs,
  touchMemos,
  upsertMemoFsrs,
} from "./memo-fsrs.repo.js";
import type { WriteContext } from "./user-write.js";

// Keeps memo_fsrs equal to the domain's replay of each memo's counting review rows (issue 9 ›
// The scheduler), inside the transaction of every write that changes it: a review, its undo, a
// move between folders, a folder's scheduler or retention, new weights, a sync push.

/** Which memos to derive again: some memos, a folder's memos, or every FSRS memo of the user. */
export type FsrsScope =
  | { memoIds: readonly string[] }
  | { folderId: string }
  | { scheduler: "fsrs" };

/**
 * Derives the FSRS state of the memos in `scope` from their review rows and stores it (memos of
 * FSRS folders) or removes it (memos of repetition folders). With `touch`, the memos get the
 * write's change seq, so the change feed sends their new `fsrs` (callers whose write stamps the
 * memos anyway leave it off). Answers the states it stored and the weights it used.
 */
export async function deriveMemoFsrs(
  write: WriteContext,
  scope: FsrsScope,
  options: { touch?: boolean } = {},
): Promise<{ states: StoredFsrs[]; weights: readonly number[] | null }> {
  const { trx, userId } = write;
  const memos = await selectMemosForFsrs(trx, userId, scope);
  const fsrsMemos = memos.filter((memo) => memo.scheduler === "fsrs");
  const others = memos.filter((memo) => memo.scheduler !== "fsrs").map((memo) => memo.memoId);
  let states: StoredFsrs[] = [];
  let weights: readonly number[] | null = null;
  if (fsrsMemos.length > 0) {
    weights = await selectFsrsWeights(trx, userId);
    const rowsByMemo = await selectFsrsReviewRows(
      trx,
      userId,
      fsrsMemos.map((memo) => memo.memoId),
    );
    states = fsrsMemos.map((memo) => {
      const { retrievability: _, ...memory } = fsrsStateFromReviews(
        rowsByMemo.get(memo.memoId) ?? [],
        {
          now: write.now,
          createdAt: memo.createdAt,
          desiredRetention: memo.desiredRetention,
          weights,
        },
      );
      return { ...memory, memoId: memo.memoId, folderId: memo.folderId };
    });
    await upsertMemoFsrs(write, states);
  }
  if (others.length > 0) await deleteMemoFsrs(write, others);
  if (options.touch) {
    await touchMemos(
      write,
      memos.map((memo) => memo.memoId),
    );
  }
  return { states, weights };
}

/** A stored state as answers carry it: with the retrievability at `now`. */
export function presentFsrs(
  stored: StoredFsrs,
  now: number,
  weights: readonly number[] | null,
): FsrsMemoState {
  const { memoId: _, folderId: __, ...memory } = stored;
  return { ...memory, retrievability: fsrsRetrievability(memory, now, weights) };
}

/**
 * Gives each memo its `fsrs` (null outside FSRS folders) with the retrievability at `now`: one
 * query for the states and one for the user's weights, whatever the number of memos.
 */
export async function withFsrs<M extends { id: string; fsrs: FsrsMemoState | null }>(
  db: Executor,
  userId: string,
  memos: M[],
  now: number,
): Promise<M[]> {
  if (memos.length === 0) return memos;
  const states = await selectMemoFsrs(
    db,
    userId,
    memos.map((memo) => memo.id),
  );
  if (states.size === 0) return memos;
  const weights = await selectFsrsWeights(db, userId);
  return memos.map((memo) => {
    const stored = states.get(memo.id);
    return stored ? { ...memo, fsrs: presentFsrs(stored, now, weights) } : memo;
  });
}
