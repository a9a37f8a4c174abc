import DOMPurify from "dompurify";

/**
 * Rich text from the server (sanitized there too) sanitized again before it is put in the page:
 * the only path by which stored HTML reaches the DOM.
 */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form"] });
}

/**
 * A search snippet from the server or the domain's `searchSnippet` (escaped text with `<mark>`
 * around the hits) made safe to put in the page: every element but `mark`, and every attribute,
 * is removed.
 */
export function sanitizeSnippet(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: ["mark"], ALLOWED_ATTR: [] });
}
