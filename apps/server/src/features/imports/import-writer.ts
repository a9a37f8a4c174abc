import { createHash } from "node:crypto";
import {
  AppError,
  ATTACHMENT_MAX_BYTES,
  type AttachmentType,
  attachmentPath,
  createFolderInputSchema,
  IMPORT_ATTACHMENT_SRC_PREFIX,
  type ImportBundle,
  type ImportedMemo,
  type ImportReport,
  type ImportSkip,
  MEMO_TAGS_MAX,
  memoContentsSchema,
  normalizeTags,
  objectIdSchema,
  previewFromHtml,
  ROOT_FOLDER_ID,
  repetitionDueKey,
  sniffImageType,
  summarizeReviews,
  TAG_LENGTH_MAX,
} from "@mnemo/domain";
import { deriveMemoFsrs } from "../../db/memo-fsrs.js";
import { insertRootFolderIfMissing } from "../../db/root-folder.repo.js";
import { userWrite, type WriteContext } from "../../db/user-write.js";
import type { ServiceDeps } from "../../deps.js";
import { sanitizeRichText } from "../../http/sanitize-html.js";
import { insertAttachment } from "../attachments/attachments.repo.js";
import { insertFolder, selectMaxFolderOrder } from "../folders/folders.repo.js";
import {
  type MemoForReview,
  refreshCompletionCounters,
  selectLiveReviews,
  selectMemoForReview,
  setReviewCounters,
} from "../memos/memo-review.repo.js";
import { insertNewMemos, type MemoFolder, selectMemoFolder } from "../memos/memos.repo.js";
import {
  type ImportedReviewRow,
  insertCompletionRows,
  insertReviewRows,
  selectAttachmentStates,
  selectExistingIds,
  selectTombstonedIds,
} from "./imports.repo.js";

// The one import writer (issue 11 §2, PRODUCT.md › Import): every format's bundle is stored here,
// in ONE user write, so a failure anywhere rolls everything back and the change feed carries the
// whole import at one seq. Rows are written with the repo functions the routes use (insertFolder,
// insertMemo with its search index and tags, setReviewCounters, deriveMemoFsrs, insertAttachment),
// so an imported memo is the memo the routes would have made, with its history.
//
// Ids: a bundle's id is kept when it is a valid object id; otherwise it is derived from
// (format, key), and an image's from its bytes, so the same file imported again finds what the
// first import made: those items are skipped as ALREADY_IMPORTED, and ids deleted in this
// account (sync tombstones) as DELETED_HERE (an import never brings a delete back).
//
// Limits (the rules of the create routes): a title longer than 500 characters (a folder's 200),
// a hint beyond 2,000, a tag beyond 50 are CUT, and beyond 20 tags the first 20 are kept: the
// memo is imported and the cut reported as OVER_LIMIT. Contents the sanitizer refuses (too
// large or too deep) skip the memo as OVER_LIMIT. A memo without title and text is EMPTY; one
// without a title takes the start of its text.

const MEMO_TITLE_MAX = 500;
const FOLDER_TITLE_MAX = 200;
const HINT_MAX = 2_000;
const PRIORITY_LIMIT = 1_000_000;
/** A review value as `POST /api/memos/:id/reviews` takes it. */
const REVIEW_VALUE_MAX = 100_000;
/** The report lists at most this many skipped items (all are counted). */
const REPORT_SKIPS_MAX = 200;

/** Reports the writer's progress: `done` of `total` memos. */
export type WriteProgress = (done: number, total: number) => void;

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 20 letters (like `randomId`) taken from the SHA-256 of `parts`: the same parts, the same id. */
export function deterministicId(...parts: Array<string | Uint8Array>): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\u0000");
  const digest = hash.digest();
  let id = "";
  for (let i = 0; i < 20; i++) id += LETTERS[(digest[i] ?? 0) % LETTERS.length];
  return id;
}

function isObjectId(id: string | undefined): id is string {
  return id !== undefined && objectIdSchema.safeParse(id).success;
}

function isEpochMs(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** The first `max` UTF-16 units, a surrogate pair never split. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

/** What a skip calls a memo: its title, or the start of its text. */
function memoItem(memo: ImportedMemo): string {
  return cut(memo.title.trim() || previewFromHtml(memo.contents) || memo.key, 80);
}

// Attachment references as readers write them: `<img … src="attachment:KEY">`, either quote.
const ATTACHMENT_REFERENCE = new RegExp(
  `(<img\\b[^>]*?\\ssrc\\s*=\\s*)(["'])${IMPORT_ATTACHMENT_SRC_PREFIX}([^"']*)\\2`,
  "gi",
);

/** A bundle attachment as the writer will store it, or why it will not. */
type PreparedAttachment =
  | { usable: true; id: string; bytes: Uint8Array; contentType: AttachmentType; sha256: string }
  | { usable: false };

/**
 * Stores `bundle` for the user in one transaction and answers what it brought in. Nothing is
 * kept when anything fails.
 */
export async function writeImportBundle(
  deps: ServiceDeps,
  user: { id: string; name: string },
  bundle: ImportBundle,
  progress: WriteProgress,
): Promise<ImportReport> {
  const { skipped, ...counts } = await userWrite(deps, user.id, async (trx, write) => {
    // Made afresh by each try: userWrite runs this again when SQLite was busy.
    const skipped: ImportSkip[] = [...bundle.skipped];
    const skip = (item: string, reason: ImportSkip["reason"], detail?: string) => {
      skipped.push(detail === undefined ? { item, reason } : { item, reason, detail });
    };
    await insertRootFolderIfMissing(write);
    const folderIds = await writeFolders(write, bundle, skip);
    const attachments = await prepareAttachments(write, bundle, skip);
    const { memoIds, newMemoCount, reviews, usedAttachmentKeys } = await writeMemos(
      write,
      user,
      bundle,
      folderIds,
      attachments,
      skip,
      progress,
    );
    let storedAttachments = 0;
    for (const key of usedAttachmentKeys) {
      const attachment = attachments.get(key);
      if (!attachment?.usable) continue;
      const stored = await insertAttachment(trx, user.id, {
        id: attachment.id,
        contentType: attachment.contentType,
        byteSize: attachment.bytes.byteLength,
        sha256: attachment.sha256,
        createdAt: write.now,
        data: Buffer.from(attachment.bytes),
      });
      if (stored) storedAttachments++;
    }
    // The FSRS state of memos in FSRS folders, derived from their rows as a review derives it.
    await deriveMemoFsrs(write, { memoIds });
    return {
      folders: folderIds.inserted,
      memos: newMemoCount,
      reviews,
      attachments: storedAttachments,
      skipped,
    };
  });
  return {
    format: bundle.format,
    ...counts,
    skipped: skipped.slice(0, REPORT_SKIPS_MAX),
    skippedCount: skipped.length,
  };
}

type Skip = (item: string, reason: ImportSkip["reason"], detail?: string) => void;

/** The bundle's folders keyed by bundle key: the id of the folder its memos go into. */
interface FolderIds {
  byKey: Map<string, string>;
  inserted: number;
}

/** Parents before children; a folder whose parent is not in the bundle (or a cycle) goes on top. */
function foldersParentFirst(bundle: ImportBundle) {
  const byKey = new Map(bundle.folders.map((folder) => [folder.key, folder]));
  const ordered: ImportBundle["folders"] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (key: string) => {
    const folder = byKey.get(key);
    if (!folder || state.has(key)) return;
    state.set(key, "visiting");
    if (folder.parentKey !== null && state.get(folder.parentKey) !== "visiting") {
      visit(folder.parentKey);
    }
    state.set(key, "done");
    ordered.push(folder);
  };
  for (const folder of bundle.folders) visit(folder.key);
  return ordered;
}

/** Only the settings `POST /api/folders` would accept; a bad value takes the default. */
function validSettings(settings: Record<string, unknown> | undefined): Record<string, unknown> {
  const valid: Record<string, unknown> = {};
  const shape = createFolderInputSchema.shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean; data?: unknown } } | undefined
  >;
  for (const [field, value] of Object.entries(settings ?? {})) {
    if (field === "id" || field === "title" || field === "parentFolderId") continue;
    const parsed = shape[field]?.safeParse(value);
    if (parsed?.success && parsed.data !== undefined) valid[field] = parsed.data;
  }
  return valid;
}

async function writeFolders(write: WriteContext, bundle: ImportBundle, skip: Skip) {
  const { trx, userId } = write;
  const ids = new Map<string, string>();
  for (const folder of bundle.folders) {
    if (ids.has(folder.key)) continue;
    ids.set(
      folder.key,
      isObjectId(folder.id) ? folder.id : deterministicId(bundle.format, "folder", folder.key),
    );
  }
  const candidates = [...ids.values()];
  const existing = await selectExistingIds(trx, userId, "folders", candidates);
  const deleted = await selectTombstonedIds(trx, userId, "folder", candidates);
  const result: FolderIds = { byKey: new Map(), inserted: 0 };
  let order = (await selectMaxFolderOrder(trx, userId)) + 1;
  const seen = new Set<string>();
  for (const folder of foldersParentFirst(bundle)) {
    const title = folder.title.trim() || folder.key.split(/[/:]+/).at(-1)?.trim() || "Import";
    if (seen.has(folder.key)) {
      skip(title, "UNREADABLE", "a second folder with the same key");
      continue;
    }
    seen.add(folder.key);
    const id = ids.get(folder.key) as string;
    if (existing.has(id)) {
      result.byKey.set(folder.key, id);
      if (id !== ROOT_FOLDER_ID) skip(title, "ALREADY_IMPORTED");
      continue;
    }
    if (deleted.has(id)) {
      // Its memos go into the root folder (below): the folder stays deleted.
      skip(title, "DELETED_HERE");
      continue;
    }
    if (title.length > FOLDER_TITLE_MAX) {
      skip(title.slice(0, 80), "OVER_LIMIT", `title cut to ${FOLDER_TITLE_MAX} characters`);
    }
    const parentFolderId =
      folder.parentKey === null ? null : (result.byKey.get(folder.parentKey) ?? null);
    // A format that carries the folder's place and times (Mnemo's export) keeps them, so an
    // export imported into an empty account gives the same tree back; other folders go last.
    const kept = folder.settings ?? {};
    const keptOrder = Number.isFinite(kept.order) ? kept.order : null;
    const keptTimes =
      isEpochMs(kept.createdAt) && isEpochMs(kept.updatedAt)
        ? { createdAt: kept.createdAt, updatedAt: Math.max(kept.updatedAt, kept.createdAt) }
        : null;
    await insertFolder(
      write,
      {
        order: keptOrder ?? order++,
        ...validSettings(folder.settings),
        id,
        title: cut(title, FOLDER_TITLE_MAX),
        parentFolderId,
      },
      keptTimes,
    );
    result.byKey.set(folder.key, id);
    result.inserted++;
  }
  return result;
}

async function prepareAttachments(write: WriteContext, bundle: ImportBundle, skip: Skip) {
  const prepared = new Map<string, PreparedAttachment>();
  for (const attachment of bundle.attachments) {
    if (prepared.has(attachment.key)) continue;
    const contentType = sniffImageType(attachment.bytes);
    if (!contentType) {
      skip(attachment.key, "MEDIA_NOT_IMAGE");
      prepared.set(attachment.key, { usable: false });
      continue;
    }
    if (attachment.bytes.byteLength > ATTACHMENT_MAX_BYTES) {
      skip(attachment.key, "MEDIA_TOO_LARGE", `${attachment.bytes.byteLength} bytes`);
      prepared.set(attachment.key, { usable: false });
      continue;
    }
    const sha256 = createHash("sha256").update(attachment.bytes).digest("hex");
    const id = isObjectId(attachment.id) ? attachment.id : deterministicId("attachment", sha256);
    prepared.set(attachment.key, {
      usable: true,
      id,
      bytes: attachment.bytes,
      contentType,
      sha256,
    });
  }
  const usableIds = [...prepared.values()].flatMap((a) => (a.usable ? [a.id] : []));
  const states = await selectAttachmentStates(write.trx, write.userId, usableIds);
  for (const [key, attachment] of prepared) {
    if (!attachment.usable) continue;
    const state = states.get(attachment.id);
    if (state?.isDeleted) {
      // An image deleted here stays deleted: memos that show it lose it.
      skip(key, "DELETED_HERE");
      prepared.set(key, { usable: false });
    } else if (state && state.sha256 !== attachment.sha256) {
      // A kept id that holds other bytes here: stored under the id its bytes give.
      prepared.set(key, { ...attachment, id: deterministicId("attachment", attachment.sha256) });
    }
  }
  return prepared;
}

/**
 * Memo contents with their `attachment:KEY` images pointing at the stored images; a reference
 * to a key the bundle lacks loses its source (the sanitizer then drops the image) and is
 * reported once per key.
 */
function linkAttachments(
  contents: string,
  attachments: Map<string, PreparedAttachment>,
  used: Set<string>,
  missing: Set<string>,
): string {
  return contents.replace(
    ATTACHMENT_REFERENCE,
    (_match, start: string, quote: string, raw: string) => {
      let key = raw;
      try {
        key = decodeURIComponent(raw);
      } catch {
        // A malformed escape names no key of the bundle.
      }
      const attachment = attachments.get(key);
      if (attachment?.usable) {
        used.add(key);
        return `${start}${quote}${attachmentPath(attachment.id)}${quote}`;
      }
      if (!attachment) missing.add(key);
      return `${start}${quote}${quote}`;
    },
  );
}

async function writeMemos(
  write: WriteContext,
  user: { id: string; name: string },
  bundle: ImportBundle,
  folderIds: FolderIds,
  attachments: Map<string, PreparedAttachment>,
  skip: Skip,
  progress: WriteProgress,
) {
  const { trx, userId, now } = write;
  const ids = new Map<string, string>();
  for (const memo of bundle.memos) {
    if (ids.has(memo.key)) continue;
    ids.set(
      memo.key,
      isObjectId(memo.id) ? memo.id : deterministicId(bundle.format, "memo", memo.key),
    );
  }
  const candidates = [...ids.values()];
  const existing = await selectExistingIds(trx, userId, "memos", candidates);
  const deleted = await selectTombstonedIds(trx, userId, "memo", candidates);
  const folders = new Map<string, MemoFolder>();
  const folderOf = async (folderId: string): Promise<MemoFolder> => {
    let folder = folders.get(folderId);
    if (!folder) {
      folder = await selectMemoFolder(trx, userId, folderId);
      if (!folder) throw new Error(`folder ${folderId} vanished inside the import`);
      folders.set(folderId, folder);
    }
    return folder;
  };
  const memoIds: string[] = [];
  const laterReviews: ImportedReviewRow[] = [];
  const existingMemos = new Map<string, MemoForReview>();
  const newMemos: Parameters<typeof insertNewMemos>[1][number][] = [];
  const usedIds = new Set<string>();
  const reviewRows: ImportedReviewRow[] = [];
  const completionRows: Array<{ opId: string; memoId: string; completedAt: number }> = [];
  const usedAttachmentKeys = new Set<string>();
  const missing = new Set<string>();
  const seen = new Set<string>();
  const total = bundle.memos.length;
  for (const [index, memo] of bundle.memos.entries()) {
    progress(index, total);
    const item = memoItem(memo);
    if (seen.has(memo.key)) {
      skip(item, "UNREADABLE", "a second memo with the same key");
      continue;
    }
    seen.add(memo.key);
    const id = ids.get(memo.key) as string;
    if (usedIds.has(id)) {
      skip(item, "UNREADABLE", "a second memo with the same id");
      continue;
    }
    usedIds.add(id);
    if (existing.has(id)) {
      skip(item, "ALREADY_IMPORTED");
      // Reviews made since the file's first import (the same collection exported again later)
      // are added; the ones already here have the same op ids and are left alone.
      if (memo.reviews.length > 0) {
        const found = await selectMemoForReview(trx, userId, id);
        if (found) {
          const rows = memoReviewRows(id, memo, {
            readRepetitionValue: found.readRepetitionValue,
          });
          laterReviews.push(...rows);
          existingMemos.set(id, found);
        }
      }
      continue;
    }
    if (deleted.has(id)) {
      skip(item, "DELETED_HERE");
      continue;
    }
    if (!memoContentsSchema.safeParse(memo.contents).success) {
      skip(item, "OVER_LIMIT", "contents longer than 1,500,000 characters");
      continue;
    }
    let contents: string;
    try {
      contents = sanitizeRichText(
        linkAttachments(memo.contents, attachments, usedAttachmentKeys, missing),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skip(item, "OVER_LIMIT", `contents refused: ${error.code}`);
      continue;
    }
    const preview = previewFromHtml(contents);
    let title = memo.title.trim();
    if (title === "") title = preview.replace(/…$/u, "").trim();
    if (title === "") {
      skip(item, "EMPTY");
      continue;
    }
    const cuts: string[] = [];
    if (title.length > MEMO_TITLE_MAX) cuts.push(`title cut to ${MEMO_TITLE_MAX} characters`);
    const hint = memo.hint ?? "";
    if (hint.length > HINT_MAX) cuts.push(`hint cut to ${HINT_MAX} characters`);
    const normalized = normalizeTags(memo.tags.map((tag) => cut(tag, 200)));
    const tags = normalizeTags(normalized.map((tag) => cut(tag, TAG_LENGTH_MAX))).slice(
      0,
      MEMO_TAGS_MAX,
    );
    if (normalized.some((tag) => tag.length > TAG_LENGTH_MAX)) {
      cuts.push(`tags cut to ${TAG_LENGTH_MAX} characters`);
    }
    if (normalized.length > MEMO_TAGS_MAX) {
      cuts.push(`kept the first ${MEMO_TAGS_MAX} of ${normalized.length} tags`);
    }
    if (cuts.length > 0) skip(item, "OVER_LIMIT", cuts.join("; "));
    const folderId =
      (memo.folderKey === null ? undefined : folderIds.byKey.get(memo.folderKey)) ?? ROOT_FOLDER_ID;
    const folder = await folderOf(folderId);
    const createdAt = isEpochMs(memo.createdAt) ? memo.createdAt : now;
    const updatedAt = isEpochMs(memo.updatedAt) ? Math.max(memo.updatedAt, createdAt) : createdAt;
    const reviews = memoReviewRows(id, memo, folder);
    const summary = summarizeReviews(
      reviews.map((row) => ({ at: row.reviewedAt, value: row.value })),
    );
    const dueKey = repetitionDueKey(
      createdAt,
      folder.dateRepetitionValue,
      summary.accumulatedReviewValue,
    );
    newMemos.push({
      id,
      folderId,
      title: cut(title, MEMO_TITLE_MAX),
      contents,
      preview,
      categoryId: null,
      category: null,
      type: "memo",
      tags,
      userName: user.name,
      flashCardHint: cut(hint, HINT_MAX),
      priority: Number.isSafeInteger(memo.priority)
        ? Math.max(-PRIORITY_LIMIT, Math.min(PRIORITY_LIMIT, memo.priority as number))
        : 0,
      dueKey,
      homeRv: folder.showAtHomeReviewList ? folder.dateRepetitionValue : null,
      createdAt,
      updatedAt,
      conflictOf: null,
      ...summary,
    });
    reviewRows.push(...reviews);
    completionRows.push(...memoCompletionRows(id, memo));
    memoIds.push(id);
  }
  for (const key of missing) skip(key, "MEDIA_MISSING");
  await insertNewMemos(write, newMemos);
  const addedLater = await insertReviewRows(write, laterReviews);
  const reviews = (await insertReviewRows(write, reviewRows)).length + addedLater.length;
  const changed = new Set(addedLater);
  for (const memoId of changed) {
    // Counters derived from the rows that count, as an undo of a review derives them.
    const found = existingMemos.get(memoId);
    if (!found) continue;
    const summary = summarizeReviews(await selectLiveReviews(trx, userId, memoId));
    await setReviewCounters(write, memoId, {
      ...summary,
      dueKey: repetitionDueKey(
        found.memo.createdAt,
        found.dateRepetitionValue,
        summary.accumulatedReviewValue,
      ),
    });
    memoIds.push(memoId);
  }
  await insertCompletionRows(write, completionRows);
  // The completed count and latest completion, as a completion through the route sets them.
  for (const memoId of new Set(completionRows.map((row) => row.memoId))) {
    await refreshCompletionCounters(write, memoId);
  }
  progress(total, total);
  return {
    memoIds,
    newMemoCount: newMemos.length,
    reviews,
    usedAttachmentKeys,
  };
}

/**
 * The op id of an imported review (`r`) or completion (`c`): the memo, the time (base 36) and
 * how many earlier rows of the memo share the time, readable and within opIdSchema's 64
 * characters; hashed when a long memo id would pass them.
 */
function importOpId(kind: "review" | "completion", memoId: string, at: number, n: number): string {
  const opId = `i${kind === "review" ? "r" : "c"}:${memoId}:${at.toString(36)}:${n}`;
  return opId.length <= 64 ? opId : `i:${deterministicId(kind, memoId, String(at), String(n))}`;
}

/**
 * A memo's review rows with op ids derived from (memo, time, how many earlier rows share the
 * time), so the same history imported again names the same rows. Times that are no epoch ms are
 * dropped; a value beyond what the review route takes is clamped.
 */
function memoReviewRows(
  memoId: string,
  memo: ImportedMemo,
  folder: Pick<MemoFolder, "readRepetitionValue">,
): ImportedReviewRow[] {
  const sameTime = new Map<number, number>();
  const rows: ImportedReviewRow[] = [];
  for (const review of memo.reviews) {
    if (!isEpochMs(review.at)) continue;
    const n = sameTime.get(review.at) ?? 0;
    sameTime.set(review.at, n + 1);
    const value =
      review.value !== undefined && Number.isFinite(review.value)
        ? Math.max(0, Math.min(REVIEW_VALUE_MAX, review.value))
        : folder.readRepetitionValue;
    rows.push({
      opId: importOpId("review", memoId, review.at, n),
      memoId,
      value,
      reviewedAt: review.at,
      grade: review.grade,
    });
  }
  return rows;
}

function memoCompletionRows(memoId: string, memo: ImportedMemo) {
  const sameTime = new Map<number, number>();
  return memo.completions.filter(isEpochMs).map((completedAt) => {
    const n = sameTime.get(completedAt) ?? 0;
    sameTime.set(completedAt, n + 1);
    return {
      opId: importOpId("completion", memoId, completedAt, n),
      memoId,
      completedAt,
    };
  });
}
