import { parse } from "yaml";

/**
 * A YAML block between `---` lines at the very start of the file (closed by `---` or `...`), as
 * Obsidian, Jekyll and our own Markdown export write it.
 */
const FRONT_MATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** What a Markdown file says about itself in its front matter (all optional). */
export interface FrontMatter {
  title?: string;
  tags: string[];
  /** Epoch ms. */
  created?: number;
  /** Epoch ms. */
  updated?: number;
  /** The memo id our own export wrote. */
  mnemoId?: string;
}

/** A Markdown file split into its front matter and its body. */
export interface SplitMarkdown {
  frontMatter: FrontMatter;
  /** The Markdown after the front matter block (the whole text when there is none). */
  body: string;
  /** Why the block was ignored (not YAML, not a mapping); null when it was read or absent. */
  error: string | null;
}

const NO_FRONT_MATTER: FrontMatter = { tags: [] };

function text(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() || undefined;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

/**
 * `tags: [a, b]` (an item is one tag, spaces and all: Mnemo's tags may have them), or
 * `tags: a, b` / `tags: "#a #b"` (a string parts at commas and spaces): each without its `#`.
 */
function tagList(value: unknown): string[] {
  const items = Array.isArray(value)
    ? value.map((item) => text(item) ?? "")
    : (text(value) ?? "").split(/[,\s]+/u);
  return items.map((tag) => tag.replace(/^[#＃]+/u, "").trim()).filter((tag) => tag !== "");
}

/** An ISO 8601 string (or a YAML timestamp, or epoch ms) as epoch ms; undefined when invalid. */
function instant(value: unknown): number | undefined {
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === "number") ms = value;
  else if (typeof value === "string" && value.trim() !== "") ms = Date.parse(value.trim());
  else return undefined;
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * Splits `markdown` into front matter and body. Front matter that is not valid YAML or not a
 * mapping is ignored (the block still leaves the body) and its reason returned in `error`.
 * Obsidian's `tag` is read like `tags`; `created`/`updated` that are no valid date are ignored.
 */
export function splitFrontMatter(markdown: string): SplitMarkdown {
  const match = FRONT_MATTER.exec(markdown);
  if (!match) return { frontMatter: NO_FRONT_MATTER, body: markdown, error: null };
  const body = markdown.slice(match[0].length);
  let data: unknown;
  try {
    // yaml's default limit on alias expansion keeps "billion laughs" documents cheap.
    data = parse(match[1] ?? "");
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0];
    return {
      frontMatter: NO_FRONT_MATTER,
      body,
      error: `front matter is not valid YAML: ${reason}`,
    };
  }
  if (data === null || data === undefined) {
    return { frontMatter: NO_FRONT_MATTER, body, error: null };
  }
  if (typeof data !== "object" || Array.isArray(data)) {
    return { frontMatter: NO_FRONT_MATTER, body, error: "front matter is not a YAML mapping" };
  }
  const fields = data as Record<string, unknown>;
  const frontMatter: FrontMatter = {
    title: text(fields.title),
    tags: [...tagList(fields.tags), ...tagList(fields.tag)],
    created: instant(fields.created),
    updated: instant(fields.updated),
    mnemoId: text(fields.mnemo_id),
  };
  return { frontMatter, body, error: null };
}
