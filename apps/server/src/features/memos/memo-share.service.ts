import type { CountryCode, MemoShare, PublicMemo, PublicMemoParams } from "@mnemo/domain";
import { AppError, countryCodeSchema, ErrorCode, randomId, sharedMemoPath } from "@mnemo/domain";
import { userWrite } from "../../db/user-write.js";
import type { ServiceDeps } from "../../deps.js";
import { memoNotFound } from "./memo-present.js";
import {
  markMemoShared,
  markMemoUnshared,
  selectMemoSharing,
  selectSharedMemo,
} from "./memo-share.repo.js";

// Sharing a memo at its public address `/view/{countryCode}/{shareToken}`, and reading it there.

type Deps = ServiceDeps;

/**
 * Shares a memo at `/view/{countryCode}/{shareToken}` under the owner's country at this moment,
 * with a new random token: no one else can ever answer at that address, and a link from before
 * an unshare stays dead. Sharing a shared memo changes nothing and answers its share (its address
 * stays the same even when the owner's country changed since).
 *
 * @throws MEMO_NOT_FOUND
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
    if (shared.success && sharing.shareToken) {
      return shareAt(memoId, shared.data, sharing.shareToken);
    }
    const shareToken = randomId();
    await markMemoShared(write, memoId, { countryCode: user.countryCode, shareToken });
    return shareAt(memoId, user.countryCode, shareToken);
  });
}

function shareAt(memoId: string, countryCode: CountryCode, shareToken: string): MemoShare {
  return { memoId, countryCode, shareToken, path: sharedMemoPath(countryCode, shareToken) };
}

/**
 * Stops sharing a memo; its token dies with the share. A memo that is not shared stays so.
 * @throws MEMO_NOT_FOUND
 */
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
    address && (await selectSharedMemo(deps.db.kysely, address.countryCode, address.shareToken));
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
