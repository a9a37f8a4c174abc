import type {
  Folder,
  SyncChangesQuery,
  SyncChangesResponse,
  SyncDeletion,
  SyncedMemo,
} from "@mnemo/domain";
import { withFolderTree } from "@mnemo/domain";
import { z } from "zod";
import {
  type StoredMemoWithContents,
  selectMemosWithContents,
} from "../../db/memo-contents.repo.js";
import { withFsrs } from "../../db/memo-fsrs.js";
import { readSnapshot } from "../../db/read-snapshot.js";
import type { ServiceDeps } from "../../deps.js";
import { decodeOpaqueCursor, encodeOpaqueCursor } from "../../http/opaque-cursor.js";
import { presentMemoFields } from "../../present/memo.js";
import {
  type ChangeEntry,
  type ChangeKey,
  countChangesAfter,
  selectAllFolders,
  selectChangeKeys,
} from "./sync.repo.js";

type Deps = ServiceDeps;

// ---- cursor --------------------------------------------------------------------------------

/**
 * The cursor is the feed position of the last change a page sent: `{ v, s: seq, k: kind, i: id }`
 * as base64url JSON. Opaque to clients; checked strictly here, since its values reach SQL.
 */
const cursorSchema = z.object({
  v: z.literal(1),
  s: z.int().min(-1).max(Number.MAX_SAFE_INTEGER),
  k: z.enum(["folder", "memo"]),
  i: z.string().regex(/^[A-Za-z0-9_-]{0,64}$/),
});

/** Before every change: seq 0 is what rows older than the change feed carry. */
const FEED_START: ChangeKey = { seq: -1, kind: "folder", id: "" };

function encodeCursor(key: ChangeKey): string {
  return encodeOpaqueCursor({ v: 1, s: key.seq, k: key.kind, i: key.id });
}

function decodeCursor(text: string): ChangeKey {
  const body = decodeOpaqueCursor(text, cursorSchema, "Not a cursor of the change feed");
  return { seq: body.s, kind: body.k, id: body.i };
}

/** Feed order: seq, then kind, then id in code-unit order (as the SQL orders each source). */
function compareChanges(a: ChangeKey, b: ChangeKey): number {
  if (a.seq !== b.seq) return a.seq - b.seq;
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

// ---- presenting ------------------------------------------------------------------------------

function toSyncedMemo(memo: StoredMemoWithContents): SyncedMemo {
  return { ...presentMemoFields(memo), contents: memo.contents };
}

/** The page's items in feed order within each list. */
function byPageOrder<T extends { id: string }>(items: T[], order: Map<string, number>): T[] {
  return items.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

// ---- the feed ------------------------------------------------------------------------------

/**
 * One page of the user's change feed after the cursor (none: from the beginning): up to `limit`
 * folders, memos (with contents) and deletions in (seq, kind, id) order, each changed row once
 * at its latest change. Keyset paging on the (user_id, seq, …) indexes; the memos of a page are
 * read in one query, so a first download of 100,000 memos holds one page in memory at a time.
 *
 * @throws VALIDATION_FAILED (path `cursor`) for a cursor that is not one of this feed
 */
export async function listChanges(
  deps: Deps,
  userId: string,
  query: SyncChangesQuery,
): Promise<SyncChangesResponse> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  return readSnapshot(deps.db.kysely, async (trx) => {
    const serverTime = deps.now();
    const candidates = await selectChangeKeys(trx, userId, after, query.limit + 1);
    const sorted = candidates.sort(compareChanges);
    const page: ChangeEntry[] = sorted.slice(0, query.limit);
    const hasMore = sorted.length > query.limit;
    const last: ChangeKey = page.at(-1) ?? after ?? FEED_START;

    const order = new Map(page.map((entry, index) => [`${entry.kind}:${entry.id}`, index]));
    const upserted = (kind: ChangeEntry["kind"]) =>
      new Set(page.filter((e) => !e.isDeletion && e.kind === kind).map((e) => e.id));
    const folderIds = upserted("folder");
    const memoIds = upserted("memo");

    let folders: Folder[] = [];
    if (folderIds.size > 0) {
      const tree = withFolderTree(await selectAllFolders(trx, userId));
      folders = tree.filter((folder) => folderIds.has(folder.id));
    }
    const stored = await selectMemosWithContents(trx, userId, [...memoIds]);
    const memos = (await withFsrs(trx, userId, stored, serverTime)).map(toSyncedMemo);
    const deletions: SyncDeletion[] = page
      .filter((entry) => entry.isDeletion)
      .map((entry) => ({ kind: entry.kind, id: entry.id }));

    const folderOrder = new Map(folders.map((f) => [f.id, order.get(`folder:${f.id}`) ?? 0]));
    const memoOrder = new Map(memos.map((m) => [m.id, order.get(`memo:${m.id}`) ?? 0]));
    return {
      folders: byPageOrder(folders, folderOrder),
      memos: byPageOrder(memos, memoOrder),
      deletions,
      nextCursor: encodeCursor(last),
      hasMore,
      remaining: hasMore ? await countChangesAfter(trx, userId, last) : 0,
      serverTime,
    };
  });
}
