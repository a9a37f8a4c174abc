import { attachmentIdsIn, type ImportBundle, ROOT_FOLDER_ID } from "@mnemo/domain";
import { writeAnkiPackage } from "../imports/formats/anki-export.js";
import { toImportedFolder, toImportedMemo } from "../imports/formats/mnemo.js";
import { selectExportAttachment } from "./export.repo.js";
import { type ExportSource, memoPages, toMnemoFolder, toMnemoMemo } from "./mnemo-archive.js";

// The `apkg` format: an Anki package written by `writeAnkiPackage` from a bundle of the user's
// data, the same bundle the `mnemo` reader makes of a Mnemo export (one rule for "Mnemo data →
// bundle": ids, images as `attachment:<id>`, only the reviews that count). Unlike the zip
// formats it is not streamed: the package is an SQLite collection built in memory, so the whole
// account is held while it is written (memory grows with the account).

/** The user's data as an import bundle: every folder but the root, every memo, shown images. */
async function userBundle(source: ExportSource): Promise<ImportBundle> {
  const folders = source.folders.filter((folder) => folder.id !== ROOT_FOLDER_ID);
  const folderIds = new Set(folders.map((folder) => folder.id));
  const bundle: ImportBundle = {
    format: "mnemo",
    folders: folders.map((folder) => toImportedFolder(toMnemoFolder(folder), folderIds)),
    memos: [],
    attachments: [],
    skipped: [],
  };
  const shown = new Set<string>();
  for await (const page of memoPages(source)) {
    for (const memo of page.memos) {
      bundle.memos.push(toImportedMemo(toMnemoMemo(memo, page), folderIds));
      for (const id of attachmentIdsIn(memo.contents)) shown.add(id);
    }
  }
  for (const id of shown) {
    const image = await selectExportAttachment(source.db, source.userId, id);
    if (image) bundle.attachments.push({ key: id, id, bytes: image.data });
  }
  return bundle;
}

/** The `apkg` format's bytes, in one piece once the package is written. */
export async function* apkgArchive(source: ExportSource): AsyncGenerator<Uint8Array> {
  yield writeAnkiPackage(await userBundle(source), { now: source.now });
}
