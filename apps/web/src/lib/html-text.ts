import DOMPurify from "dompurify";

/**
 * Rich text from the server (sanitized there too) sanitized again before it is put in the page:
 * the only path by which stored HTML reaches the DOM.
 */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form"] });
}
