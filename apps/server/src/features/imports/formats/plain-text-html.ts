import { escapeHtml } from "@mnemo/domain";

/**
 * Plain text (never HTML: `<b>` stays the three characters) as rich text: a blank line parts
 * paragraphs, a single line break is a `<br>`; blank paragraphs are dropped.
 */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .filter((block) => block.trim() !== "")
    .map((block) => `<p>${plainLinesToHtml(block)}</p>`)
    .join("");
}

/** Plain text as inline rich text: escaped, each line break a `<br>`. */
export function plainLinesToHtml(text: string): string {
  return text.replace(/\r\n?/g, "\n").split("\n").map(escapeHtml).join("<br>");
}
