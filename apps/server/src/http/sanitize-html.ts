import sanitize from "sanitize-html";

// Data URLs only for raster images: an SVG can carry script and other types are not images.
const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|bmp);base64,[A-Za-z0-9+/=\s]+$/i;
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
    img: ["src", "alt", "title"],
    ol: ["start"],
  },
  allowedClasses: {
    span: SAFE_CLASS,
    mark: SAFE_CLASS,
    // Tiptap's code block marks its language this way.
    code: ["language-*"],
  },
  allowedSchemes: [],
  allowedSchemesByTag: { a: ["http", "https", "mailto"], img: ["http", "https", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Links always open outside the app and pass no opener or referrer.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow", target: "_blank" },
    }),
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const isUnsafeData =
        src !== undefined && /^\s*data:/i.test(src) && !SAFE_DATA_IMAGE.test(src);
      return { tagName, attribs: isUnsafeData || src === undefined ? rest : { ...rest, src } };
    },
  },
  // An image whose source was refused shows nothing; drop it rather than keep an empty <img>.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/**
 * Reduces rich text from a client to what the Tiptap editor produces: formatting, lists,
 * headings 1–3, code, quotes, rules, http(s)/mailto links (forced `rel`/`target`) and
 * http(s)/raster data-URL images. Everything else (scripts, styles, event handlers, other URL
 * schemes, unknown classes) is removed; text is kept.
 */
export function sanitizeRichText(html: string): string {
  return sanitize(html, options);
}
