import { AppError, ATTACHMENT_SRC, ErrorCode } from "@mnemo/domain";
import { Parser } from "htmlparser2";
import sanitize from "sanitize-html";

/**
 * At most this many `<` (each start or end tag counts, and so does a `<` of text, which the
 * parser hands over as a text piece of its own): 5,000 elements, far more than a long memo has.
 * sanitize-html spends microseconds per tag, so this keeps the worst accepted input well under
 * 100 ms of sanitizing (apps/server/src/http/sanitize-html.test.ts measures it).
 */
export const MAX_RICH_TEXT_TAGS = 10_000;
/** At most this many `&` (character references such as `&amp;`, each a text piece to sanitize). */
export const MAX_RICH_TEXT_REFERENCES = 20_000;
/**
 * At most this many attributes in all (the editor writes one to three on a link, an image or a
 * code block; sanitize-html checks each against its lists).
 */
export const MAX_RICH_TEXT_ATTRIBUTES = 20_000;
/**
 * Elements nest at most this deep. The editor nests two levels per list (`ul > li`) and one per
 * quote, so 100 leaves room for ~45 levels of lists; sanitize-html's work grows with the depth
 * times the tags (200,000 nested `<b>` blocked the server for seconds).
 */
export const MAX_RICH_TEXT_DEPTH = 100;

const LESS_THAN = 0x3c;
const AMPERSAND = 0x26;

/** Thrown inside the scan to stop the parser at the first element too deep. */
const TOO_DEEP = Symbol("too deep");
/** Thrown inside the scan to stop the parser at the first attribute too many. */
const TOO_MANY_ATTRIBUTES = Symbol("too many attributes");

function tooLarge(message: string): AppError {
  return new AppError(ErrorCode.RICH_TEXT_TOO_LARGE, message, {
    maxTags: MAX_RICH_TEXT_TAGS,
    maxReferences: MAX_RICH_TEXT_REFERENCES,
    maxAttributes: MAX_RICH_TEXT_ATTRIBUTES,
  });
}

/**
 * Refuses rich text whose sanitizing could take long, before sanitize-html sees it: first one
 * pass counting `<` and `&`, then (the tags being few) the same parser sanitize-html uses
 * follows the nesting and counts attributes, stopping at the first element or attribute beyond
 * a limit.
 *
 * @throws AppError RICH_TEXT_TOO_LARGE, RICH_TEXT_TOO_DEEP
 */
export function assertRichTextBounded(html: string): void {
  let tags = 0;
  let references = 0;
  for (let i = 0; i < html.length; i++) {
    const code = html.charCodeAt(i);
    if (code === LESS_THAN) tags++;
    else if (code === AMPERSAND) references++;
  }
  if (tags > MAX_RICH_TEXT_TAGS || references > MAX_RICH_TEXT_REFERENCES) {
    throw tooLarge(`rich text has ${tags} tags and ${references} character references`);
  }
  if (tags === 0) return;
  let depth = 0;
  let attributes = 0;
  const parser = new Parser(
    {
      onopentagname() {
        depth++;
        if (depth > MAX_RICH_TEXT_DEPTH) throw TOO_DEEP;
      },
      onclosetag() {
        depth--;
      },
      onattribute() {
        attributes++;
        if (attributes > MAX_RICH_TEXT_ATTRIBUTES) throw TOO_MANY_ATTRIBUTES;
      },
    },
    // The parser options sanitize-html uses, so the depth counted is the depth it will see.
    { decodeEntities: true },
  );
  try {
    parser.end(html);
  } catch (error) {
    if (error === TOO_MANY_ATTRIBUTES) {
      throw tooLarge(`rich text has more than ${MAX_RICH_TEXT_ATTRIBUTES} attributes`);
    }
    if (error !== TOO_DEEP) throw error;
    throw new AppError(
      ErrorCode.RICH_TEXT_TOO_DEEP,
      `rich text nests deeper than ${MAX_RICH_TEXT_DEPTH} elements`,
      { maxDepth: MAX_RICH_TEXT_DEPTH },
    );
  }
}

const SAFE_CLASS = ["highlight", "mnemo-*"];

const options: sanitize.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "h1",
    "h2",
    "h3",
    "a",
    "img",
    "hr",
    "span",
    "mark",
  ],
  allowedAttributes: {
    a: ["href", "rel", "target"],
    img: ["src", "alt"],
    ol: ["start"],
  },
  allowedClasses: {
    span: SAFE_CLASS,
    mark: SAFE_CLASS,
    // Tiptap's code block marks its language this way.
    code: ["language-*"],
  },
  allowedSchemes: [],
  allowedSchemesByTag: { a: ["http", "https", "mailto"], img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Links always open outside the app and pass no opener or referrer.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow", target: "_blank" },
    }),
    // Images only from this server's image store (PRODUCT.md › Images): no other address is
    // loaded by a reader's browser, so no memo can track who reads it or show someone else's
    // picture, and no data: URL can smuggle another type in.
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src !== undefined && ATTACHMENT_SRC.test(src) ? attribs : rest };
    },
  },
  // An image whose source was refused shows nothing; drop it rather than keep an empty <img>.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/**
 * Reduces rich text from a client to what the Tiptap editor produces: formatting, lists,
 * headings 1–3, code, quotes, rules, http(s)/mailto links (forced `rel`/`target`) and
 * images stored here (`<img src="/api/attachments/{id}" alt>`). Everything else (scripts, styles, event handlers, other URL
 * schemes, unknown classes) is removed; text is kept.
 *
 * @throws AppError RICH_TEXT_TOO_LARGE, RICH_TEXT_TOO_DEEP for input beyond the bounds above
 */
export function sanitizeRichText(html: string): string {
  assertRichTextBounded(html);
  return sanitize(html, options);
}
