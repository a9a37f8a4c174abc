const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * What the user typed as the rich-text HTML the server stores: each line one escaped paragraph
 * (an empty line `<p><br></p>`, as the memo editor writes it). The server sanitizes stored text
 * as HTML, so raw text with `<` or `&` would not come back as typed; escaped, it does.
 */
export function plainTextToHtml(text: string): string {
  if (text.trim() === "") return "";
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) =>
      line === "" ? "<p><br></p>" : `<p>${line.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)}</p>`,
    )
    .join("");
}

const BLOCKS = new Set(["P", "DIV", "H1", "H2", "H3", "LI", "PRE", "BLOCKQUOTE", "UL", "OL", "HR"]);

/**
 * The stored HTML back as the text to edit: one line per paragraph or other block, `<br>` as a
 * line break, everything else as its text. Parsed inertly (DOMParser runs no scripts).
 */
export function htmlToPlainText(html: string): string {
  if (html === "") return "";
  const body = new DOMParser().parseFromString(html, "text/html").body;
  const lines: string[] = [];
  let line = "";
  const endLine = () => {
    lines.push(line);
    line = "";
  };
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      line += node.textContent ?? "";
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === "BR") {
      // A block holding only <br> is one empty line, which the block's end writes.
      if (node.parentElement?.childNodes.length !== 1) endLine();
      return;
    }
    if (!BLOCKS.has(node.tagName)) {
      for (const child of node.childNodes) walk(child);
      return;
    }
    if (line !== "") endLine();
    for (const child of node.childNodes) walk(child);
    const hasBlockChild = [...node.children].some((child) => BLOCKS.has(child.tagName));
    if (line !== "" || !hasBlockChild) endLine();
  };
  for (const child of body.childNodes) walk(child);
  if (line !== "") endLine();
  return lines.join("\n");
}
