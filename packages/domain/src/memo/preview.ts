import { PREVIEW_LENGTH } from "../constants.js";

/** Appended to a preview that was cut at {@link PREVIEW_LENGTH} code points. */
export const PREVIEW_ELLIPSIS = "…";

// Tags whose boundaries separate words: their opening and closing tags become one space.
const BLOCK_TAGS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "caption",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
]);

// Tags that are content on their own even without any text.
const MEDIA_TAGS = new Set([
  "audio",
  "canvas",
  "embed",
  "iframe",
  "img",
  "object",
  "picture",
  "svg",
  "video",
]);

// Elements whose content is never text.
const RAW_TEXT_END: Readonly<Record<string, RegExp>> = {
  script: /<\/script[\s/>]/gi,
  style: /<\/style[\s/>]/gi,
};

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ensp: "\u2002",
  emsp: "\u2003",
  thinsp: "\u2009",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  middot: "·",
  bull: "•",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  times: "×",
  divide: "÷",
  euro: "€",
};

const ENTITY = /&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|([a-zA-Z][a-zA-Z0-9]*));/g;
const TAG_OPEN = /<(\/?)([a-zA-Z][^\s/>]*)/y;
const WHITESPACE = /^\s$/;
const WHITESPACE_RUN = /\s+/;
// Invisible characters editors leave behind (cursor markers); they do not make content.
const ZERO_WIDTH = /^[\u200b-\u200d\u2060\ufeff]$/;

function decodeCodePoint(code: number): string {
  const isValid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return isValid ? String.fromCodePoint(code) : "\ufffd";
}

/**
 * Decodes HTML character references in one pass (so `&amp;lt;` becomes `&lt;`, not `<`).
 * Named references outside the small table stay as written; numeric references that are not a
 * Unicode scalar value become U+FFFD.
 */
function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (match, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return decodeCodePoint(Number.parseInt(decimal, 10));
    if (hex !== undefined) return decodeCodePoint(Number.parseInt(hex, 16));
    return name !== undefined && Object.hasOwn(NAMED_ENTITIES, name)
      ? (NAMED_ENTITIES[name] ?? match)
      : match;
  });
}

interface HtmlVisitor {
  /** Decoded text between tags; return true to stop scanning. */
  text(decoded: string): boolean;
  /** A tag (lower-case name); return true to stop scanning. */
  tag(name: string, isClosing: boolean): boolean;
}

/**
 * Walks rich-text HTML once, left to right, in time linear in its length, without a DOM.
 * Comments, declarations and `<script>`/`<style>` contents are skipped; a `<` that does not
 * start a tag is text; a tag or comment left open at the end is dropped, as browsers do.
 */
function scanHtml(html: string, visitor: HtmlVisitor): void {
  const length = html.length;
  let i = 0;
  while (i < length) {
    const lt = html.indexOf("<", i);
    const textEnd = lt === -1 ? length : lt;
    if (textEnd > i && visitor.text(decodeEntities(html.slice(i, textEnd)))) return;
    if (lt === -1) return;

    if (html.startsWith("<!--", lt)) {
      const close = html.indexOf("-->", lt + 4);
      if (close === -1) return;
      i = close + 3;
      continue;
    }
    TAG_OPEN.lastIndex = lt;
    const open = TAG_OPEN.exec(html);
    if (!open) {
      const next = html[lt + 1];
      if (next === "!" || next === "?") {
        const close = html.indexOf(">", lt);
        if (close === -1) return;
        i = close + 1;
      } else {
        if (visitor.text("<")) return;
        i = lt + 1;
      }
      continue;
    }

    // Find the tag's `>`, skipping quoted attribute values, which may contain `>`.
    let j = lt + open[0].length;
    while (j < length && html[j] !== ">") {
      if (html[j] === "=") {
        j += 1;
        while (j < length && WHITESPACE.test(html.charAt(j))) j += 1;
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, j + 1);
          if (close === -1) return;
          j = close + 1;
        }
        continue;
      }
      j += 1;
    }
    if (j >= length) return;
    i = j + 1;

    const isClosing = open[1] === "/";
    const name = (open[2] ?? "").toLowerCase();
    const rawTextEnd = isClosing ? undefined : RAW_TEXT_END[name];
    if (rawTextEnd && html[j - 1] !== "/") {
      rawTextEnd.lastIndex = i;
      const end = rawTextEnd.exec(html);
      if (!end) return;
      i = end.index;
      continue;
    }
    if (visitor.tag(name, isClosing)) return;
  }
}

/**
 * Plain-text preview of a memo's rich-text contents (derived on save;
 * PRODUCT.md › Limits and constants: 120).
 *
 * Without a DOM: `<script>`/`<style>` contents and comments are dropped, other tags are removed,
 * block-level tags (`p`, `div`, `li`, `h1`…) and `<br>` separate words with a single space,
 * character references are decoded (`&amp; &lt; &gt; &quot; &#39; &nbsp;`, a few typographic
 * names, and any `&#NNN;`/`&#xHH;`), runs of whitespace (including no-break and ideographic
 * spaces) collapse to one space, and the result is trimmed.
 *
 * Invariant: the result has at most {@link PREVIEW_LENGTH} (120) Unicode code points, plus
 * {@link PREVIEW_ELLIPSIS} when the text was longer; a surrogate pair is never split (an emoji
 * sequence joined by ZWJ may be cut between its code points). Only as much input is read as the
 * preview needs, so huge contents cost no more than short ones past their first 121 characters.
 *
 * @param html - rich-text HTML as the editor stores it (plain text works too)
 * @returns the preview; `''` when there is no text
 */
export function previewFromHtml(html: string): string {
  const chars: string[] = [];
  let pendingSpace = false;
  scanHtml(html, {
    text(decoded) {
      for (const char of decoded) {
        if (WHITESPACE.test(char)) {
          pendingSpace = chars.length > 0;
          continue;
        }
        if (pendingSpace) {
          chars.push(" ");
          pendingSpace = false;
        }
        chars.push(char);
        if (chars.length > PREVIEW_LENGTH) return true;
      }
      return false;
    },
    tag(name) {
      if (BLOCK_TAGS.has(name) && chars.length > 0) pendingSpace = true;
      return false;
    },
  });
  return chars.length > PREVIEW_LENGTH
    ? chars.slice(0, PREVIEW_LENGTH).join("") + PREVIEW_ELLIPSIS
    : chars.join("");
}

/**
 * The whole plain text of rich-text HTML, by the rules of {@link previewFromHtml} (scripts, styles
 * and comments dropped, block tags separate words with one space, character references decoded,
 * whitespace runs collapsed to one space, trimmed) but not cut: what search looks through.
 *
 * @param html - rich-text HTML as the editor stores it (plain text works too)
 * @returns the text; `''` when there is none
 */
export function textFromHtml(html: string): string {
  const parts: string[] = [];
  let pendingSpace = false;
  let hasText = false;
  scanHtml(html, {
    text(decoded) {
      // Between two pieces of the split there was whitespace.
      decoded.split(WHITESPACE_RUN).forEach((piece, index) => {
        if (index > 0) pendingSpace = hasText;
        if (piece === "") return;
        if (pendingSpace) parts.push(" ");
        parts.push(piece);
        hasText = true;
        pendingSpace = false;
      });
      return false;
    },
    tag(name) {
      if (BLOCK_TAGS.has(name) && hasText) pendingSpace = true;
      return false;
    },
  });
  return parts.join("");
}

/**
 * True when rich-text HTML holds nothing a reader would see: no text other than whitespace or
 * zero-width characters, and no media element (`img`, `video`, `audio`, `iframe`, `embed`,
 * `object`, `picture`, `svg`, `canvas`). Examples: `''`, `'  '`, `'<p></p>'`,
 * `'<p><br></p>'`, `'<p>&nbsp;</p>'`.
 *
 * PRODUCT.md › Editing and deleting: on update, contents and preview are overwritten only when this
 * is false.
 *
 * @param html - rich-text HTML as the editor stores it
 */
export function isEmptyRichText(html: string): boolean {
  let hasContent = false;
  scanHtml(html, {
    text(decoded) {
      for (const char of decoded) {
        if (!WHITESPACE.test(char) && !ZERO_WIDTH.test(char)) {
          hasContent = true;
          return true;
        }
      }
      return false;
    },
    tag(name, isClosing) {
      hasContent = !isClosing && MEDIA_TAGS.has(name);
      return hasContent;
    },
  });
  return !hasContent;
}
