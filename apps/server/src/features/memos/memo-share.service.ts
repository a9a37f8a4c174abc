import type { CountryCode, MemoShare, PublicMemo, PublicMemoParams } from "@mnemo/domain";
import { AppError, countryCodeSchema, ErrorCode, sharedMemoPath } from "@mnemo/domain";
import { userWrite } from "../../db/user-write.js";
import type { ServiceDeps } from "../../deps.js";
import { memoNotFound } from "./memo-present.js";
import {
  markMemoShared,
  markMemoUnshared,
  selectMemoSharing,
  selectSharedMemo,
} from "./memo-share.repo.js";

// Sharing a memo at its public address `/view/{countryCode}/{memoId}`, and reading it there.

type Deps = ServiceDeps;

/**
 * Shares a memo at `/view/{countryCode}/{memoId}` under the owner's country at this moment.
 * Sharing a shared memo changes nothing and answers its share (its address stays the same even
 * when the owner's country changed since).
 *
 * @throws MEMO_NOT_FOUND; VALIDATION_FAILED (path `memoId`) when another user's memo is already
 *   shared under this country with the same id (ids are unique per user only)
 */
export async function shareMemo(
  deps: Deps,
  user: { id: string; countryCode: CountryCode },
  memoId: string,
): Promise<MemoShare> {
  return userWrite(deps, user.id, async (trx, write) => {
    const sharing = await selectMemoSharing(trx, user.id, memoId);
    if (!sharing) throw memoNotFound(memoId);
    const shared = countryCodeSchema.safeParse(sharing.countryCode);
    if (shared.success) {
      return { memoId, countryCode: shared.data, path: sharedMemoPath(shared.data, memoId) };
    }
    if (!(await markMemoShared(write, memoId, user.countryCode))) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
        { path: "memoId", issue: "Another memo is shared with this id; share a copy of the memo" },
      ]);
    }
    return {
      memoId,
      countryCode: user.countryCode,
      path: sharedMemoPath(user.countryCode, memoId),
    };
  });
}

/** Stops sharing a memo; a memo that is not shared stays so. @throws MEMO_NOT_FOUND */
export async function unshareMemo(deps: Deps, userId: string, memoId: string): Promise<void> {
  await userWrite(deps, userId, async (_trx, write) => {
    if (!(await markMemoUnshared(write, memoId))) throw memoNotFound(memoId);
  });
}

/**
 * A shared memo as anyone may read it, by its public address (`null` for an address that did
 * not parse). Contents are answered as stored: every write sanitizes them (sanitizing again here
 * would cost up to half a second of CPU per request on a public route).
 *
 * @throws MEMO_NOT_FOUND, the same answer for a malformed address, a memo that is not shared
 *   under that country and one that does not exist, so an answer tells nothing of other memos
 */
export async function getSharedMemo(
  deps: Deps,
  address: PublicMemoParams | null,
): Promise<PublicMemo> {
  const memo =
    address && (await selectSharedMemo(deps.db.kysely, address.countryCode, address.memoId));
  if (!memo) throw new AppError(ErrorCode.MEMO_NOT_FOUND, "memo not found");
  return {
    id: memo.id,
    title: memo.title,
    contents: memo.contents,
    preview: memo.preview,
    createdAt: memo.createdAt,
    updatedAt: memo.updatedAt,
  };
}
