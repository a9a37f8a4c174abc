const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * `text` as HTML text or as a quoted attribute value (either quote): the five characters HTML
 * gives a meaning there become entities. For HTML we build as strings (e-mails, the unsubscribe
 * page, search snippets); React escapes on its own.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const HTML_UNESCAPES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(HTML_ESCAPES).map(([char, entity]) => [entity, char]),
);

/**
 * The inverse of {@link escapeHtml}: its five entities become their characters again; any other
 * entity or markup is left as written.
 */
export function unescapeHtml(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => HTML_UNESCAPES[entity] ?? entity);
}
