import { ATTACHMENT_SRC } from "@mnemo/domain";
import DOMPurify from "dompurify";

// Images only from the server's image store, with an alt text and nothing else: the same rule as
// the server's sanitizer (PRODUCT.md › Images), so no memo makes the browser load another address.
// Outside a browser (server-side tools) DOMPurify has no window and sanitizes nothing; no hook.
DOMPurify.addHook?.("afterSanitizeAttributes", (node) => {
  if (node.nodeName !== "IMG") return;
  const src = node.getAttribute("src");
  if (src === null || !ATTACHMENT_SRC.test(src)) {
    node.remove();
    return;
  }
  for (const name of node.getAttributeNames()) {
    if (name !== "src" && name !== "alt") node.removeAttribute(name);
  }
});

/**
 * Rich text from the server (sanitized there too) sanitized again before it is put in the page:
 * the only path by which stored HTML reaches the DOM.
 */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form"] });
}

/**
 * Sanitized rich text of a shared memo, its images read through the memo's public address (a
 * visitor has no session for `/api/attachments/{id}`).
 */
export function sanitizeSharedRichText(
  html: string,
  address: { countryCode: string; shareToken: string },
): string {
  const base = `/api/public/${encodeURIComponent(address.countryCode)}/memos/${encodeURIComponent(address.shareToken)}/attachments/`;
  return sanitizeRichText(html).replaceAll('src="/api/attachments/', `src="${base}`);
}
