import { posix } from "node:path";
import {
  escapeHtml,
  type ImportBundle,
  type ImportedFolder,
  type ImportedMemo,
  type ImportSkip,
  importAttachmentSrc,
} from "@mnemo/domain";
import { Marked, type MarkedExtension, type Token, type Tokens } from "marked";
import type { FormatReader, ImportFile, ReadProgress } from "./format-reader.js";
import { splitFrontMatter } from "./markdown-front-matter.js";
import { plainTextToHtml } from "./plain-text-html.js";
import { readZipImages } from "./zip-media.js";
import { isHiddenZipPath, readZipPaths, visibleZipPaths, zipEntryPath } from "./zip-names.js";

// Markdown / Obsidian (issue 11 §2): a zip of `.md` files, directories as folders. Mapping:
// - a directory holding (at any depth) a Markdown file → a folder (key: its path); files at the
//   zip's root go to the user's root folder; `.obsidian/`, `__MACOSX/` and dot-files are ignored;
// - a file → a memo (key: its path). Title: front matter `title`, else a leading `# ` heading
//   (taken out of the body; also when it repeats the front matter title), else the file name;
// - tags: front matter `tags`/`tag` (list or string) and inline `#tags` (Obsidian's rule);
// - dates: front matter `created`/`updated` (one stands in for the other), else the import time;
//   `mnemo_id` (our own export) is kept as the memo id, so an export imported again finds its
//   memos; the `reviews` count is not turned into reviews (it has no times);
// - the body → HTML by marked (GFM, a single line break is a break as in Obsidian); the writer
//   sanitizes it. Task items show ☐/☑ (the editor has no task list), `==marks==` are <mark>,
//   headings 4–6 become 3, table rows become paragraphs of `a | b`, links other than
//   http(s)/mailto become their text;
// - images `![alt](path)` (URL-encoded, relative to the file, or to the zip root, or by name as
//   Obsidian's "shortest path" writes them) and `![[name.png]]` (by name anywhere) → bundle
//   attachments; a remote image becomes a link (no address outside this server is ever loaded);
//   `[[Wiki links]]` and `![[note]]` embeds → their text;
// - front matter that is not YAML → reported UNREADABLE; the body is still imported;
// - a body longer than MARKDOWN_PARSE_MAX_CHARS → plain text paragraphs (no inline tags, images).

const MARKDOWN_FILE = /\.(md|markdown)$/i;
/**
 * The longest body parsed as Markdown: 256 Ki characters. marked's inline rules take time that
 * grows faster than the length on some text (a 1.5 MB paragraph of `a **b` takes ~17 s), so a
 * longer body (rare: notes are a few KB) is imported as plain text paragraphs instead.
 */
export const MARKDOWN_PARSE_MAX_CHARS = 256 * 1024;
const REMOTE = /^[a-z][a-z0-9+.-]*:|^\/\//i;
const WEB_LINK = /^(https?:|mailto:)/i;
const NOTE_EMBED = /^(|\.md|\.markdown)$/i;
/** Obsidian's tag: `#` after a space or the start, then letters, digits, `_`, `-`, `/`. */
const INLINE_TAG = /(?<!\S)#([\p{L}\p{M}\p{N}_/-]+)/gu;
const DIGITS_ONLY = /^[\p{N}_/-]*$/u;
const WIKI_LINK = /^(!?)\[\[([^[\]\n]+)\]\]/;
const HIGHLIGHT = /^==(?=[^\s=])((?:[^\n=]|=(?!=))*?[^\s=])==(?!=)/;

/** `[[target|alias]]` / `![[target]]`, as the inline extension below reads it. */
interface WikiLinkToken {
  type: "wikiLink";
  raw: string;
  embed: boolean;
  /** The file or note named, without `#heading` or `|alias`. */
  target: string;
  /** What the link shows: the alias, else the target (`Note > Heading` for a heading). */
  label: string;
}

function isMarkdownPath(path: string): boolean {
  return MARKDOWN_FILE.test(path) && !isHiddenZipPath(path);
}

function recognises(file: ImportFile): boolean {
  return file.zipEntryNames?.some((name) => isMarkdownPath(zipEntryPath(name))) ?? false;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const utf8Lossy = new TextDecoder("utf-8");
const cp949 = new TextDecoder("euc-kr", { fatal: true });

/** A text file's characters: UTF-8 (BOM dropped), else Korean Windows' CP949, else UTF-8 lossily. */
function decodeText(bytes: Uint8Array): string {
  for (const decoder of [utf8, cp949]) {
    try {
      return decoder.decode(bytes);
    } catch {}
  }
  return utf8Lossy.decode(bytes);
}

function wikiLinkToken(raw: string, embed: boolean, inner: string): WikiLinkToken {
  const bar = inner.indexOf("|");
  const link = (bar < 0 ? inner : inner.slice(0, bar)).trim();
  const alias = bar < 0 ? "" : inner.slice(bar + 1).trim();
  const hash = link.indexOf("#");
  const target = (hash < 0 ? link : link.slice(0, hash)).trim();
  const heading =
    hash < 0
      ? ""
      : link
          .slice(hash + 1)
          .replace(/^\^/, "")
          .trim();
  const shown = [target, heading].filter((part) => part !== "").join(" > ");
  return { type: "wikiLink", raw, embed, target, label: alias || shown };
}

function isMediaEmbed(token: WikiLinkToken): boolean {
  return token.embed && !NOTE_EMBED.test(posix.extname(token.target));
}

/** The text of inline tokens without markup (a heading's words for a title). */
function plainText(tokens: readonly Token[]): string {
  let text = "";
  for (const token of tokens) {
    if (token.type === "wikiLink") text += (token as unknown as WikiLinkToken).label;
    else if ("tokens" in token && token.tokens?.length) text += plainText(token.tokens);
    else if ("text" in token && typeof token.text === "string") text += token.text;
  }
  return text;
}

/** The inline `#tags` of a text (Obsidian's rule: not all digits). */
function inlineTags(text: string): string[] {
  const tags: string[] = [];
  for (const match of text.matchAll(INLINE_TAG)) {
    const tag = (match[1] ?? "").replace(/\/+$/, "");
    if (tag !== "" && !DIGITS_ONLY.test(tag)) tags.push(tag);
  }
  return tags;
}

/**
 * A marked instance for one import: GFM with Obsidian's wiki links and embeds, and renderers
 * that keep to what the editor shows. `sources` gives each image token the `src` of its bundle
 * attachment; an image without one (missing, not an image) renders as nothing.
 */
function createMarked(sources: WeakMap<object, string>): Marked {
  const wikiLinks: MarkedExtension = {
    extensions: [
      {
        name: "wikiLink",
        level: "inline",
        start(src) {
          const at = src.indexOf("[[");
          if (at < 0) return undefined;
          return at > 0 && src[at - 1] === "!" ? at - 1 : at;
        },
        tokenizer(src) {
          const match = WIKI_LINK.exec(src);
          if (!match) return undefined;
          return wikiLinkToken(match[0], match[1] === "!", match[2] ?? "");
        },
        renderer(token) {
          const link = token as unknown as WikiLinkToken;
          if (!isMediaEmbed(link)) return escapeHtml(link.label);
          const src = sources.get(token);
          return src === undefined
            ? ""
            : `<img src="${escapeHtml(src)}" alt="${escapeHtml(link.target)}">`;
        },
      },
      {
        // Obsidian's ==highlight==, which the editor shows as <mark>.
        name: "highlight",
        level: "inline",
        childTokens: ["tokens"],
        start(src) {
          const at = src.indexOf("==");
          return at < 0 ? undefined : at;
        },
        tokenizer(src) {
          const match = HIGHLIGHT.exec(src);
          if (!match) return undefined;
          return {
            type: "highlight",
            raw: match[0],
            tokens: this.lexer.inlineTokens(match[1] ?? ""),
          };
        },
        renderer(token) {
          return `<mark>${this.parser.parseInline(token.tokens ?? [])}</mark>`;
        },
      },
    ],
    renderer: {
      image(token: Tokens.Image) {
        const src = sources.get(token);
        if (src !== undefined)
          return `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.text)}">`;
        if (/^https?:/i.test(token.href)) {
          return `<a href="${escapeHtml(token.href)}">${escapeHtml(token.text || token.href)}</a>`;
        }
        return "";
      },
      link(token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens);
        return WEB_LINK.test(token.href)
          ? `<a href="${escapeHtml(token.href)}">${inner}</a>`
          : inner;
      },
      paragraph(token: Tokens.Paragraph) {
        // A paragraph of images that were left out (missing, not images) leaves nothing.
        const inner = this.parser.parseInline(token.tokens);
        return inner.trim() === "" ? "" : `<p>${inner}</p>\n`;
      },
      checkbox({ checked }: Tokens.Checkbox) {
        return checked ? "☑ " : "☐ ";
      },
      del(token: Tokens.Del) {
        return `<s>${this.parser.parseInline(token.tokens)}</s>`;
      },
      heading(token: Tokens.Heading) {
        const level = Math.min(token.depth, 3);
        return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
      },
      table(token: Tokens.Table) {
        return [token.header, ...token.rows]
          .map(
            (row) =>
              `<p>${row.map((cell) => this.parser.parseInline(cell.tokens)).join(" | ")}</p>\n`,
          )
          .join("");
      },
    },
  };
  return new Marked({ gfm: true, breaks: true }, wikiLinks);
}

/** Where a Markdown file's images are found: by path, by lower-case path, by file name. */
class ZipIndex {
  private readonly byLowerPath = new Map<string, string>();
  private readonly byLowerName = new Map<string, string[]>();

  constructor(paths: Iterable<string>) {
    for (const path of paths) {
      const lower = path.toLowerCase();
      if (!this.byLowerPath.has(lower)) this.byLowerPath.set(lower, path);
      const name = posix.basename(lower);
      const named = this.byLowerName.get(name);
      if (named) named.push(path);
      else this.byLowerName.set(name, [path]);
    }
  }

  private lookup(path: string): string | undefined {
    return this.byLowerPath.get(path.toLowerCase());
  }

  /** The entry `ref` names from a file in `dir`: relative, from the root, or by its end. */
  resolve(ref: string, dir: string): string | undefined {
    const wanted = ref.normalize("NFC").replaceAll("\\", "/");
    const candidates = new Set([wanted, wanted.replace(/[?#].*$/, "")]);
    for (const candidate of candidates) {
      if (candidate === "") continue;
      const relative = posix.normalize(posix.join(dir, candidate));
      const fromRoot = posix.normalize(candidate.replace(/^\/+/, ""));
      const found =
        (relative.startsWith("../") ? undefined : this.lookup(relative)) ??
        this.lookup(fromRoot) ??
        this.byEnd(fromRoot.replace(/^(\.\.\/)+/, ""));
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** The shortest path equal to `end` or ending in `/end` (Obsidian links by unique name). */
  private byEnd(end: string): string | undefined {
    const lower = end.toLowerCase();
    return (this.byLowerName.get(posix.basename(lower)) ?? [])
      .filter((path) => {
        const candidate = path.toLowerCase();
        return candidate === lower || candidate.endsWith(`/${lower}`);
      })
      .sort((a, b) => a.length - b.length)[0];
  }
}

/** One Markdown file read, before its images are known. */
interface ParsedNote {
  path: string;
  id?: string;
  title: string;
  tags: string[];
  /** The parsed body; null for a body too long to parse, kept as plain `text`. */
  tokens: Token[] | null;
  text: string;
  createdAt: number;
  updatedAt: number;
}

function decodeRef(href: string): string {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
}

/** What reading one file needs from the whole import, and where it reports. */
interface ParseContext {
  marked: Marked;
  index: ZipIndex;
  now: number;
  skipped: ImportSkip[];
  /** Each image token found, with the zip path it names. */
  imageRefs: { token: object; path: string }[];
}

/** One file's title, tags, dates and tokens; the images it names go to `context.imageRefs`. */
function parseNote(path: string, text: string, context: ParseContext): ParsedNote {
  const { marked, index, now, skipped, imageRefs } = context;
  const { frontMatter, body, error } = splitFrontMatter(text);
  if (error !== null) skipped.push({ item: path, reason: "UNREADABLE", detail: error });
  const tokens = body.length > MARKDOWN_PARSE_MAX_CHARS ? null : marked.lexer(body);
  const dir = posix.dirname(path) === "." ? "" : posix.dirname(path);
  const tags = [...frontMatter.tags];
  const missing = new Set<string>();
  const findImage = (token: object, ref: string) => {
    const found = index.resolve(ref, dir);
    if (found !== undefined) imageRefs.push({ token, path: found });
    else if (!missing.has(ref)) {
      missing.add(ref);
      skipped.push({ item: ref, reason: "MEDIA_MISSING", detail: `named in ${path}` });
    }
  };
  marked.walkTokens(tokens ?? [], (token) => {
    // Leaf text only: code, raw HTML and link targets are other token types.
    if (token.type === "text" && !token.tokens?.length) tags.push(...inlineTags(token.text));
    else if (token.type === "image" && !REMOTE.test(token.href)) {
      findImage(token, decodeRef(token.href));
    } else if (token.type === "wikiLink") {
      const link = token as unknown as WikiLinkToken;
      if (isMediaEmbed(link)) findImage(token, link.target);
    }
  });
  const firstBlock = tokens?.findIndex((token) => token.type !== "space") ?? -1;
  const first = tokens?.[firstBlock];
  const heading =
    first?.type === "heading" && first.depth === 1 ? plainText(first.tokens ?? []).trim() : "";
  const title = (
    frontMatter.title ??
    (heading || posix.basename(path).replace(MARKDOWN_FILE, ""))
  ).normalize("NFC");
  if (heading !== "" && heading.normalize("NFC") === title) tokens?.splice(firstBlock, 1);
  const created = frontMatter.created ?? frontMatter.updated ?? now;
  const updated = frontMatter.updated ?? frontMatter.created ?? now;
  return {
    path,
    id: frontMatter.mnemoId,
    title,
    tags: [...new Set(tags.map((tag) => tag.normalize("NFC")))],
    tokens,
    text: tokens === null ? body : "",
    createdAt: created,
    updatedAt: Math.max(created, updated),
  };
}

async function read(file: ImportFile, progress: ReadProgress): Promise<ImportBundle> {
  const now = Date.now();
  const rawNames = visibleZipPaths(file);
  const markdownPaths = [...rawNames.keys()].filter(isMarkdownPath);
  const texts = readZipPaths(file, rawNames, markdownPaths);
  const index = new ZipIndex(rawNames.keys());
  const sources = new WeakMap<object, string>();
  const marked = createMarked(sources);
  const skipped: ImportSkip[] = [];
  const total = markdownPaths.length * 2;

  // Pass 1: read every file and find the images it names, so the zip is unpacked once for them.
  const notes: ParsedNote[] = [];
  const imageRefs: { token: object; path: string }[] = [];
  for (const [i, path] of markdownPaths.entries()) {
    progress(i, total);
    const bytes = texts.get(path);
    const text = decodeText(bytes ?? new Uint8Array()).replace(/^\uFEFF/, "");
    if (text.trim() === "") {
      skipped.push({ item: path, reason: "EMPTY" });
      continue;
    }
    notes.push(parseNote(path, text, { marked, index, now, skipped, imageRefs }));
  }

  const images = readZipImages(
    file.bytes,
    rawNames,
    new Set(imageRefs.map((ref) => ref.path)),
    skipped,
  );
  for (const { token, path } of imageRefs) {
    if (images.has(path)) sources.set(token, importAttachmentSrc(path));
  }

  // Pass 2: render, now that every image is known to be one.
  const memos: ImportedMemo[] = [];
  const folders = new Map<string, ImportedFolder>();
  for (const [i, note] of notes.entries()) {
    progress(markdownPaths.length + i, total);
    const dir = posix.dirname(note.path);
    const folderKey = dir === "." ? null : dir;
    for (let key = folderKey; key !== null && !folders.has(key); ) {
      const parent = posix.dirname(key);
      const parentKey = parent === "." ? null : parent;
      folders.set(key, { key, parentKey, title: posix.basename(key) });
      key = parentKey;
    }
    memos.push({
      key: note.path,
      folderKey,
      ...(note.id === undefined ? {} : { id: note.id }),
      title: note.title,
      contents: note.tokens === null ? plainTextToHtml(note.text) : marked.parser(note.tokens),
      tags: note.tags,
      createdAt: note.createdAt,
      updatedAt: note.updatedAt,
      reviews: [],
      completions: [],
    });
  }
  progress(total, total);

  const bundle: ImportBundle = {
    format: "markdown",
    // Parents before children, so a writer may create them in order.
    folders: [...folders.values()].sort(
      (a, b) => a.key.split("/").length - b.key.split("/").length,
    ),
    memos,
    attachments: [...images].map(([key, bytes]) => ({ key, bytes })),
    skipped,
  };
  return bundle;
}

/**
 * Reads a zip of Markdown files (an Obsidian vault, any folder of notes, our own Markdown
 * export); recognised by at least one `.md` entry outside hidden directories, so it is tried after
 * the formats that name a telling entry.
 */
export const markdownReader: FormatReader = { format: "markdown", recognises, read };
