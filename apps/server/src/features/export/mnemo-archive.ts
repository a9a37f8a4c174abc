import { ATTACHMENT_EXTENSIONS } from "@mnemo/domain";
import type { Executor } from "../../db/database.js";
import type { StoredFolder } from "../../db/folder-rows.js";
import {
  MNEMO_DOCUMENT_NAME,
  MNEMO_FORMAT_VERSION,
  type MnemoAttachment,
  type MnemoCompletion,
  type MnemoFolder,
  type MnemoMemo,
  type MnemoReview,
  mnemoAttachmentPath,
} from "../imports/formats/mnemo-document.js";
import {
  type ExportMemoRow,
  selectExportAttachment,
  selectExportAttachmentPage,
  selectExportCompletions,
  selectExportMemoPage,
  selectExportReviews,
} from "./export.repo.js";
import { ZipStream } from "./zip-stream.js";

/** Memos read per query: a page's rows, reviews and completions are all that is held. */
export const EXPORT_MEMO_PAGE = 100;
/** Image descriptions read per query (their bytes are read one at a time). */
const ATTACHMENT_PAGE = 200;

/** What one export reads from: the user's database and the folders, read before it starts. */
export interface ExportSource {
  db: Executor;
  userId: string;
  /** Epoch ms: stamped as `exportedAt` and on the zip's entries. */
  now: number;
  folders: readonly StoredFolder[];
}

/** A stored folder as the document lists it. */
export function toMnemoFolder(folder: StoredFolder): MnemoFolder {
  return {
    id: folder.id,
    title: folder.title,
    description: folder.description,
    parentFolderId: folder.parentFolderId,
    isCategoryFolder: folder.isCategoryFolder,
    order: folder.order,
    sortingMethod: folder.sortingMethod,
    dateRepetitionValue: folder.dateRepetitionValue,
    readRepetitionValue: folder.readRepetitionValue,
    pinned: folder.pinned,
    sideNavPinned: folder.sideNavPinned,
    enableCompletionFeature: folder.enableCompletionFeature,
    enableCompletionFeatureWithCompletedMemosOnly:
      folder.enableCompletionFeatureWithCompletedMemosOnly,
    enableFlashCardFeature: folder.enableFlashCardFeature,
    showSortingValues: folder.showSortingValues,
    showReviewCount: folder.showReviewCount,
    showAtHomeReviewList: folder.showAtHomeReviewList,
    scheduler: folder.scheduler,
    desiredRetention: folder.desiredRetention,
    createdAt: folder.createdAt,
    updatedAt: folder.updatedAt,
  };
}

/** One page of the user's memos with their review and completion rows, by id. */
export interface MemoPage {
  memos: ExportMemoRow[];
  reviews: Map<string, MnemoReview[]>;
  completions: Map<string, MnemoCompletion[]>;
}

/**
 * The user's memos page by page (by id, EXPORT_MEMO_PAGE at a time), each page with its review
 * and completion rows. Not one snapshot: a memo created or deleted while the export runs may or
 * may not be in it, but every memo that exists throughout is in it exactly once.
 */
export async function* memoPages(source: ExportSource): AsyncGenerator<MemoPage> {
  let afterId: string | null = null;
  for (;;) {
    const memos = await selectExportMemoPage(source.db, source.userId, afterId, EXPORT_MEMO_PAGE);
    if (memos.length === 0) return;
    const ids = memos.map((memo) => memo.id);
    const reviews = new Map<string, MnemoReview[]>();
    for (const row of await selectExportReviews(source.db, source.userId, ids)) {
      const list = reviews.get(row.memoId) ?? [];
      list.push({
        opId: row.opId,
        at: row.at,
        grade: row.grade,
        value: row.value,
        undoneAt: row.undoneAt,
      });
      reviews.set(row.memoId, list);
    }
    const completions = new Map<string, MnemoCompletion[]>();
    for (const row of await selectExportCompletions(source.db, source.userId, ids)) {
      const list = completions.get(row.memoId) ?? [];
      list.push({ at: row.at, undoneAt: row.undoneAt });
      completions.set(row.memoId, list);
    }
    yield { memos, reviews, completions };
    if (memos.length < EXPORT_MEMO_PAGE) return;
    afterId = ids[ids.length - 1] ?? null;
  }
}

/** A memo of a page with its review and completion rows, as the document lists it. */
export function toMnemoMemo(memo: ExportMemoRow, page: MemoPage): MnemoMemo {
  return {
    id: memo.id,
    folderId: memo.folderId,
    title: memo.title,
    contents: memo.contents,
    hint: memo.hint,
    tags: memo.tags,
    priority: memo.priority,
    createdAt: memo.createdAt,
    updatedAt: memo.updatedAt,
    reviews: page.reviews.get(memo.id) ?? [],
    completions: page.completions.get(memo.id) ?? [],
  };
}

/**
 * The `mnemo` format (README › Export formats), as zip bytes made as they are read: first every
 * live image as `attachments/<id>.<ext>` (stored, one read at a time), then `mnemo.json` written
 * by hand, a memo at a time, listing exactly the images written before it.
 */
export async function* mnemoArchive(source: ExportSource): AsyncGenerator<Uint8Array> {
  const zip = new ZipStream(source.now);
  const attachments: MnemoAttachment[] = [];
  let afterId: string | null = null;
  for (;;) {
    const page = await selectExportAttachmentPage(
      source.db,
      source.userId,
      afterId,
      ATTACHMENT_PAGE,
    );
    for (const meta of page) {
      const image = await selectExportAttachment(source.db, source.userId, meta.id);
      if (!image) continue;
      const path = mnemoAttachmentPath(image.id, ATTACHMENT_EXTENSIONS[image.contentType]);
      zip.stored(path, image.data);
      attachments.push({
        id: image.id,
        contentType: image.contentType,
        byteSize: image.byteSize,
        sha256: image.sha256,
        createdAt: image.createdAt,
        path,
      });
      yield* zip.drain();
    }
    if (page.length < ATTACHMENT_PAGE) break;
    afterId = page[page.length - 1]?.id ?? null;
  }

  const document = zip.text(MNEMO_DOCUMENT_NAME);
  const head = { format: "mnemo", version: MNEMO_FORMAT_VERSION, exportedAt: source.now };
  document.write(JSON.stringify(head).slice(0, -1));
  document.write(`,"folders":${JSON.stringify(source.folders.map(toMnemoFolder))},"memos":[`);
  let isFirst = true;
  for await (const page of memoPages(source)) {
    for (const memo of page.memos) {
      document.write((isFirst ? "" : ",") + JSON.stringify(toMnemoMemo(memo, page)));
      isFirst = false;
    }
    yield* zip.drain();
  }
  document.write(`],"attachments":${JSON.stringify(attachments)}}`);
  document.end();
  zip.end();
  yield* zip.drain();
}
