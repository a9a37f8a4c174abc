import {
  AppError,
  ErrorCode,
  type ImportBundle,
  type ImportedFolder,
  type ImportedMemo,
  type ImportSkip,
  parseImportedFolder,
  parseImportedMemo,
  ROOT_FOLDER_ID,
} from "@mnemo/domain";
import type { FormatReader, ImportFile, ReadProgress } from "./format-reader.js";

// The original app's data (issue 11 §2; PRODUCT.md › Import): the document database's JSON
// export of `private/{userId}/memos` and `private/{userId}/folders`, with the older field names
// the domain's parseImportedMemo / parseImportedFolder read. Accepted shapes (one JSON file):
//
// 1. A Firestore export with nested collections:
//    {"__collections__": {"private": {"<uid>": {"__collections__": {"memos": {…}, "folders": {…}}}}}}
//    (also without the `__collections__` levels: {"private": {"<uid>": {"memos": …, "folders": …}}})
// 2. A plain document: { "folders": …, "memos": … }
//
// A collection is an array of documents or an object of documents by id; a document without an
// `id` takes its key. Every user under `private` is read. Ids are kept (they are Mnemo ids), the
// folder `root` is the user's root folder, `reviewedDates` become review rows without a grade
// (each the memo's accumulated value shared equally, so the memo's order stays as it was) and
// `completedDates` completion rows.

/** How many bytes `recognises` looks at. */
const SNIFF_BYTES = 64 * 1024;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function damaged(issue: string): AppError {
  return new AppError(ErrorCode.IMPORT_FILE_DAMAGED, "import file damaged", [
    { path: "file", issue },
  ]);
}

/** A level's own fields, or its `__collections__` when the export nests them there. */
function collectionsOf(node: Json): Json {
  return isObject(node.__collections__) ? node.__collections__ : node;
}

/** The documents of a collection with their keys. */
function documents(collection: unknown): Array<[string, unknown]> {
  if (Array.isArray(collection)) return collection.map((doc, index) => [String(index), doc]);
  if (isObject(collection)) return Object.entries(collection);
  return [];
}

/** Every `{ userId, memos, folders }` the export holds. */
function userCollections(
  root: Json,
): Array<{ userId: string | null; memos: unknown; folders: unknown }> {
  const top = collectionsOf(root);
  if (isObject(top.private)) {
    return Object.entries(top.private).flatMap(([userId, node]) => {
      if (!isObject(node)) return [];
      const own = collectionsOf(node);
      return [{ userId, memos: own.memos, folders: own.folders }];
    });
  }
  return [{ userId: null, memos: top.memos, folders: top.folders }];
}

function unreadable(item: string, error: unknown): ImportSkip {
  const detail =
    error instanceof AppError && Array.isArray(error.details)
      ? (error.details as Array<{ path: string; issue: string }>)
          .map((d) => `${d.path}: ${d.issue}`)
          .join("; ")
      : (error as Error).message;
  return { item, reason: "UNREADABLE", detail: detail.slice(0, 300) };
}

/** The document's id, or the key it is stored under. */
function withId(doc: unknown, key: string, extra: Json = {}): unknown {
  return isObject(doc) ? { ...extra, id: key, ...doc } : doc;
}

export const originalReader: FormatReader = {
  format: "original",

  recognises(file: ImportFile): boolean {
    if (file.zipEntryNames !== null) return false;
    const head = new TextDecoder().decode(file.bytes.subarray(0, SNIFF_BYTES)).trimStart();
    if (!head.startsWith("{")) return false;
    return /"(__collections__|private|memos|folders)"\s*:/.test(head);
  },

  async read(file: ImportFile, progress: ReadProgress): Promise<ImportBundle> {
    let root: unknown;
    try {
      root = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(file.bytes));
    } catch (error) {
      throw damaged(`not readable JSON: ${(error as Error).message}`);
    }
    if (!isObject(root)) throw damaged("expected a JSON object");
    const users = userCollections(root);
    if (users.every((user) => user.memos === undefined && user.folders === undefined)) {
      throw damaged("no memos or folders collection");
    }
    const skipped: ImportSkip[] = [];
    const folders: ImportedFolder[] = [];
    const memos: ImportedMemo[] = [];
    const total = users.reduce(
      (sum, user) => sum + documents(user.folders).length + documents(user.memos).length,
      0,
    );
    let done = 0;
    for (const user of users) {
      for (const [key, doc] of documents(user.folders)) {
        progress(++done, total);
        try {
          const folder = parseImportedFolder(withId(doc, key));
          if (folder.id === ROOT_FOLDER_ID) continue;
          const {
            id,
            title,
            parentFolderId,
            subFolderIds: _,
            nodeFolderIds: __,
            ...settings
          } = folder;
          folders.push({
            key: id,
            id,
            title,
            parentKey: parentFolderId === ROOT_FOLDER_ID ? null : parentFolderId,
            settings,
          });
        } catch (error) {
          skipped.push(unreadable(`folder ${key}`, error));
        }
      }
      for (const [key, doc] of documents(user.memos)) {
        progress(++done, total);
        try {
          const memo = parseImportedMemo(withId(doc, key, { userId: user.userId ?? "import" }));
          const reviewValue =
            memo.reviewedDates.length > 0 && memo.accumulatedReviewValue > 0
              ? memo.accumulatedReviewValue / memo.reviewedDates.length
              : undefined;
          memos.push({
            key: memo.id,
            id: memo.id,
            folderKey: memo.folderId === ROOT_FOLDER_ID ? null : memo.folderId,
            title: memo.title,
            contents: memo.contents,
            hint: memo.flashCardHint,
            tags: memo.tags,
            priority: memo.priority,
            createdAt: memo.createdAt,
            updatedAt: memo.updatedAt,
            reviews: memo.reviewedDates.map((at) =>
              reviewValue === undefined
                ? { at, grade: null }
                : { at, grade: null, value: reviewValue },
            ),
            completions: memo.completedDates,
          });
        } catch (error) {
          skipped.push(unreadable(`memo ${key}`, error));
        }
      }
    }
    return { format: "original", folders, memos, attachments: [], skipped };
  },
};
