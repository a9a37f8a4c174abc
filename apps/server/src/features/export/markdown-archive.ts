import { ATTACHMENT_EXTENSIONS, attachmentIdsIn, ROOT_FOLDER_ID, randomId } from "@mnemo/domain";
import TurndownService from "turndown";
import { stringify } from "yaml";
import type { StoredFolder } from "../../db/folder-rows.js";
import { selectExportAttachment } from "./export.repo.js";
import { type ExportSource, memoPages } from "./mnemo-archive.js";
import { ZipStream } from "./zip-stream.js";

// The `markdown` format (README › Export formats): one directory per folder (named by titles,
// nested as the folders are), one `.md` per memo with YAML front matter, and each image the memo
// shows beside it as `attachments/<id>.<ext>`, linked relatively. Our own Markdown reader takes
// `title`, `tags`, `created` and `updated` from the front matter and `![](attachments/…)` images,
// so the export imports again.

/** The directory beside each `.md` that holds its images; no folder may take this name. */
const IMAGE_DIRECTORY = "attachments";

/** Longest file or directory name made from a title, in code points (before ` (2)` or `.md`). */
const NAME_MAX_CODE_POINTS = 80;

// Characters no file system takes in a name (Windows' set, which includes Unix's `/` and NUL).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * A title as a file or directory name any file system takes: runs of white space become one
 * space, other unsafe characters `_`, no leading or trailing dots or spaces, at most 80 code
 * points, Windows' device names prefixed with `_`; `fallback` when nothing is left.
 */
export function safeFileName(title: string, fallback: string): string {
  let name = title
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .replace(UNSAFE_NAME_CHARS, "_")
    .replace(/^[.\s]+|[.\s]+$/g, "");
  name = Array.from(name).slice(0, NAME_MAX_CODE_POINTS).join("").trimEnd();
  if (name === "") name = fallback;
  return WINDOWS_DEVICE_NAME.test(name) ? `_${name}` : name;
}

/**
 * Names within directories, unique regardless of case (Windows and macOS fold it): the first
 * `name` is kept, later ones become `name (2)`, `name (3)`, … before their extension.
 */
class NameRegistry {
  private readonly taken = new Set<string>();

  /** Marks `path` as taken (e.g. a directory's image folder). */
  reserve(path: string): void {
    this.taken.add(path.toLowerCase());
  }

  /** A free path `directory + name [ (n)] + extension`, now taken. */
  claim(directory: string, name: string, extension = ""): string {
    for (let n = 1; ; n += 1) {
      const path = `${directory}${n === 1 ? name : `${name} (${n})`}${extension}`;
      if (!this.taken.has(path.toLowerCase())) {
        this.taken.add(path.toLowerCase());
        return path;
      }
    }
  }
}

/**
 * The directory (`""` or ending in `/`) of every folder: the root folder's memos at the top, the
 * others nested by their parent links and named by their titles. A folder whose parent is
 * missing, or whose parent links loop, is placed at the top.
 */
export function folderDirectories(
  folders: readonly StoredFolder[],
  names: NameRegistry,
): Map<string, string> {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  // Oldest first, so an older folder keeps the plain name and a later namesake gets ` (2)`.
  const ordered = [...folders].sort((a, b) =>
    a.createdAt !== b.createdAt ? a.createdAt - b.createdAt : a.id < b.id ? -1 : 1,
  );
  const directories = new Map<string, string>([[ROOT_FOLDER_ID, ""]]);
  names.reserve(IMAGE_DIRECTORY);
  const directoryOf = (folder: StoredFolder, visiting: Set<string>): string => {
    const known = directories.get(folder.id);
    if (known !== undefined) return known;
    visiting.add(folder.id);
    const parent = folder.parentFolderId === null ? undefined : byId.get(folder.parentFolderId);
    const parentDirectory = parent && !visiting.has(parent.id) ? directoryOf(parent, visiting) : "";
    const directory = `${names.claim(parentDirectory, safeFileName(folder.title, "folder"))}/`;
    names.reserve(directory + IMAGE_DIRECTORY);
    directories.set(folder.id, directory);
    return directory;
  };
  for (const folder of ordered) directoryOf(folder, new Set());
  return directories;
}

/**
 * HTML → Markdown close to GitHub's: ATX headings, fenced code, `-` bullets, `~~strike~~`;
 * underline and highlight keep their text.
 */
function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "*",
    strongDelimiter: "**",
    hr: "---",
  });
  service.addRule("strikethrough", {
    filter: ["s", "del"],
    replacement: (content) => `~~${content}~~`,
  });
  return service;
}

const turndown = createTurndown();

/** Memo HTML with each stored image's source replaced as `sourceOf` says (null: dropped). */
export function withImageSources(html: string, sourceOf: (id: string) => string | null): string {
  return html.replace(
    /<img\b[^>]*?\ssrc="\/api\/attachments\/([A-Za-z0-9_-]{1,64})"[^>]*>/g,
    (tag, id: string) => {
      const source = sourceOf(id);
      return source === null ? "" : tag.replace(/\ssrc="[^"]*"/, ` src="${source}"`);
    },
  );
}

/** Memos converted by one turndown call: its DOM costs are per call, not per memo. */
const TURNDOWN_BATCH = 50;

/**
 * Several memos' HTML → their Markdown, converted TURNDOWN_BATCH at a time: each memo in a block
 * of its own, a random marker paragraph between them to split the result at. Turndown builds a
 * DOM document per call; one call per memo took 25 % longer and grew RSS by 74 MB against 22 MB
 * over 20,000 memos (measured alone).
 */
export function memosMarkdown(htmls: readonly string[]): string[] {
  const bodies: string[] = [];
  for (let start = 0; start < htmls.length; start += TURNDOWN_BATCH) {
    const batch = htmls.slice(start, start + TURNDOWN_BATCH);
    const marker = `mnemo${randomId()}`;
    const markdown = turndown.turndown(
      batch.map((html) => `<div>${html}</div>`).join(`<p>${marker}</p>`),
    );
    const parts = markdown.split(marker);
    if (parts.length !== batch.length) {
      // A memo that holds the marker itself (practically never): convert one by one.
      for (const html of batch) bodies.push(turndown.turndown(html));
      continue;
    }
    for (const part of parts)
      bodies.push(part.replace(/^[\t\r\n]+/, "").replace(/[\t\r\n\s]+$/, ""));
  }
  return bodies;
}

/** The `.md` file of a memo: YAML front matter, a blank line, the Markdown body. */
export function memoFile(
  memo: {
    id: string;
    title: string;
    tags: string[];
    createdAt: number;
    updatedAt: number;
    reviewCount: number;
  },
  body: string,
): string {
  const frontMatter = stringify({
    title: memo.title,
    tags: memo.tags,
    created: new Date(memo.createdAt).toISOString(),
    updated: new Date(memo.updatedAt).toISOString(),
    reviews: memo.reviewCount,
    mnemo_id: memo.id,
  });
  return `---\n${frontMatter}---\n\n${body}\n`;
}

/** The `markdown` format as zip bytes, made as the memos are read (see {@link mnemoArchive}). */
export async function* markdownArchive(source: ExportSource): AsyncGenerator<Uint8Array> {
  const zip = new ZipStream(source.now);
  const names = new NameRegistry();
  const directories = folderDirectories(source.folders, names);
  for (const directory of new Set(directories.values())) {
    if (directory !== "") zip.stored(directory, new Uint8Array());
  }
  // Which images each directory has already (`<dir>attachments/<id>`), and their extensions.
  const written = new Set<string>();
  const extensions = new Map<string, string | null>();
  for await (const page of memoPages(source)) {
    const htmls: string[] = [];
    for (const memo of page.memos) {
      const directory = directories.get(memo.folderId) ?? "";
      const sources = new Map<string, string | null>();
      for (const id of attachmentIdsIn(memo.contents)) {
        const key = `${directory}${IMAGE_DIRECTORY}/${id}`;
        let extension = extensions.get(id);
        if (!written.has(key) && extension !== null) {
          const image = await selectExportAttachment(source.db, source.userId, id);
          extension = image ? ATTACHMENT_EXTENSIONS[image.contentType] : null;
          extensions.set(id, extension);
          if (image) {
            zip.stored(`${key}.${extension}`, image.data);
            written.add(key);
            // An image may be 10 MiB: hand it on before reading the next.
            yield* zip.drain();
          }
        }
        sources.set(id, extension ? `${IMAGE_DIRECTORY}/${id}.${extension}` : null);
      }
      htmls.push(withImageSources(memo.contents, (id) => sources.get(id) ?? null));
    }
    const bodies = memosMarkdown(htmls);
    page.memos.forEach((memo, index) => {
      const directory = directories.get(memo.folderId) ?? "";
      const path = names.claim(directory, safeFileName(memo.title, "memo"), ".md");
      zip.textFile(path, memoFile(memo, bodies[index] ?? ""));
    });
    yield* zip.drain();
  }
  zip.end();
  yield* zip.drain();
}
