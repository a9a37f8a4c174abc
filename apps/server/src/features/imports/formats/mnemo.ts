import {
  AppError,
  ErrorCode,
  type ImportBundle,
  type ImportedAttachment,
  type ImportedFolder,
  type ImportedMemo,
  type ImportSkip,
  importAttachmentSrc,
  ROOT_FOLDER_ID,
} from "@mnemo/domain";
import type { FormatReader, ImportFile } from "./format-reader.js";
import {
  MNEMO_DOCUMENT_NAME,
  type MnemoDocument,
  type MnemoFolder,
  type MnemoMemo,
  mnemoDocumentSchema,
} from "./mnemo-document.js";
import { readZipEntries } from "./zip.js";

// Reads Mnemo's own export (README › Export formats) back: ids, folder settings, the review
// history and images kept. Undone reviews and completions are left out: they never counted, and
// a bundle's reviews all count, so the imported memo has the same counters and FSRS state.

function damaged(detail: string): AppError {
  return new AppError(ErrorCode.IMPORT_FILE_DAMAGED, "import file damaged", [
    { path: "file", issue: detail },
  ]);
}

const STORED_IMAGE_SRC = /(<img\b[^>]*?\ssrc=")\/api\/attachments\/([A-Za-z0-9_-]{1,64})"/g;

/**
 * Stored image sources as the bundle names them (`attachment:<id>`); the writer maps them to the
 * images it stores and drops (and reports) one the file lacks.
 */
function withBundleImageSources(contents: string): string {
  return contents.replace(
    STORED_IMAGE_SRC,
    (_, head: string, id: string) => `${head}${importAttachmentSrc(id)}"`,
  );
}

/**
 * A folder of a Mnemo document as a bundle folder (id and settings kept); a parent that is the
 * root folder or not among `ids` makes it a top-level folder.
 */
export function toImportedFolder(folder: MnemoFolder, ids: ReadonlySet<string>): ImportedFolder {
  const { id, title, parentFolderId, ...settings } = folder;
  const hasParent =
    parentFolderId !== null && parentFolderId !== ROOT_FOLDER_ID && ids.has(parentFolderId);
  return { key: id, id, parentKey: hasParent ? parentFolderId : null, title, settings };
}

/**
 * A memo of a Mnemo document as a bundle memo: id kept, images as `attachment:<id>`, only the
 * reviews and completions that count. A folder not among `folderIds` (or the root) → no folder.
 */
export function toImportedMemo(memo: MnemoMemo, folderIds: ReadonlySet<string>): ImportedMemo {
  return {
    key: memo.id,
    id: memo.id,
    folderKey:
      memo.folderId !== ROOT_FOLDER_ID && folderIds.has(memo.folderId) ? memo.folderId : null,
    title: memo.title,
    contents: withBundleImageSources(memo.contents),
    hint: memo.hint,
    tags: memo.tags,
    priority: memo.priority,
    createdAt: memo.createdAt,
    updatedAt: memo.updatedAt,
    reviews: memo.reviews
      .filter((review) => review.undoneAt === null)
      .map((review) => ({ at: review.at, grade: review.grade, value: review.value })),
    completions: memo.completions
      .filter((completion) => completion.undoneAt === null)
      .map((completion) => completion.at),
  };
}

/** The document of the zip, checked. @throws IMPORT_FORMAT_UNKNOWN, IMPORT_FILE_DAMAGED */
function parseDocument(bytes: Uint8Array | undefined): MnemoDocument {
  if (!bytes) throw damaged(`${MNEMO_DOCUMENT_NAME} is missing`);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    throw damaged(`${MNEMO_DOCUMENT_NAME} is not JSON: ${(error as Error).message}`);
  }
  if ((json as { format?: unknown } | null)?.format !== "mnemo") {
    throw new AppError(
      ErrorCode.IMPORT_FORMAT_UNKNOWN,
      `${MNEMO_DOCUMENT_NAME} is not a Mnemo export`,
    );
  }
  const parsed = mnemoDocumentSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw damaged(`${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

function assertUnique(ids: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw damaged(`${what} ${id} is listed twice`);
    seen.add(id);
  }
}

/** Mnemo's own export: a zip with `mnemo.json` at its top. */
export const mnemoReader: FormatReader = {
  format: "mnemo",

  recognises(file: ImportFile): boolean {
    return file.zipEntryNames?.includes(MNEMO_DOCUMENT_NAME) ?? false;
  },

  async read(file, progress) {
    const entries = readZipEntries(
      file.bytes,
      (name) => name === MNEMO_DOCUMENT_NAME || name.startsWith("attachments/"),
    );
    const document = parseDocument(entries.get(MNEMO_DOCUMENT_NAME));
    assertUnique(
      document.folders.map((folder) => folder.id),
      "folder",
    );
    assertUnique(
      document.memos.map((memo) => memo.id),
      "memo",
    );
    assertUnique(
      document.attachments.map((attachment) => attachment.id),
      "attachment",
    );
    const total = document.memos.length;
    progress(0, total);

    const folders = document.folders.filter((folder) => folder.id !== ROOT_FOLDER_ID);
    const folderIds = new Set(folders.map((folder) => folder.id));
    const skipped: ImportSkip[] = [];
    const attachments: ImportedAttachment[] = [];
    for (const attachment of document.attachments) {
      const bytes = entries.get(attachment.path);
      if (bytes) attachments.push({ key: attachment.id, id: attachment.id, bytes });
      else skipped.push({ item: attachment.path, reason: "MEDIA_MISSING" });
    }
    const bundle: ImportBundle = {
      format: "mnemo",
      folders: folders.map((folder) => toImportedFolder(folder, folderIds)),
      memos: document.memos.map((memo) => toImportedMemo(memo, folderIds)),
      attachments,
      skipped,
    };
    progress(total, total);
    return bundle;
  },
};
