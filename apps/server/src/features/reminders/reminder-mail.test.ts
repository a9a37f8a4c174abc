import { type DefaultTreeAdapterTypes, defaultTreeAdapter, parse, parseFragment } from "parse5";
import { describe, expect, it } from "vitest";
import { reminderDigestMail, unsubscribeConfirmPage } from "./reminder-mail.js";

// The digest lists memo titles, which users type, inside HTML the server builds as a string; the
// unsubscribe page echoes the token from the link. Both are read the way a mail client or a
// browser reads them (parse5, the WHATWG algorithm): a payload must come back as text, with no
// element or attribute of its own.

const PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "'><a href='javascript:alert(1)'>x</a>",
  "</li></ul><iframe src=javascript:alert(1)>",
  "&lt;script&gt; & 복습 <b>굵게</b>",
];

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.ParentNode;

/** Every element under `node` as [tag, attribute names]. */
function elements(node: Node): [string, string[]][] {
  const found: [string, string[]][] = [];
  if (defaultTreeAdapter.isElementNode(node)) {
    found.push([node.tagName, node.attrs.map((attr) => attr.name)]);
  }
  const children = "childNodes" in node ? node.childNodes : [];
  for (const child of children) found.push(...elements(child));
  return found;
}

/** The text of every element named `tag`, in document order. */
function textsOf(node: Node, tag: string): string[] {
  const texts: string[] = [];
  const textOf = (n: Node): string =>
    defaultTreeAdapter.isTextNode(n as DefaultTreeAdapterTypes.ChildNode)
      ? (n as DefaultTreeAdapterTypes.TextNode).value
      : "childNodes" in n
        ? n.childNodes.map(textOf).join("")
        : "";
  const walk = (n: Node) => {
    if (defaultTreeAdapter.isElementNode(n) && n.tagName === tag) texts.push(textOf(n));
    if ("childNodes" in n) for (const child of n.childNodes) walk(child);
  };
  walk(node);
  return texts;
}

describe("the reminder digest's HTML", () => {
  it.each(["ko", "en"] as const)("shows hostile titles as text (%s)", (lang) => {
    const mail = reminderDigestMail("a@example.com", lang, {
      dueCount: PAYLOADS.length,
      titles: PAYLOADS,
      reviewUrl: "https://mnemo.example/review",
      unsubscribeUrl: "https://mnemo.example/api/reminders/unsubscribe?token=a&b=\"'<>",
    });
    const tree = parseFragment(mail.html ?? "");
    expect(elements(tree)).toEqual([
      ["p", []],
      ["ul", []],
      ...PAYLOADS.map((): [string, string[]] => ["li", []]),
      ["p", []],
      ["a", ["href"]],
      ["p", []],
      ["a", ["href"]],
    ]);
    expect(textsOf(tree, "li")).toEqual(PAYLOADS);
    expect(textsOf(tree, "a").at(-1)).toBe(
      "https://mnemo.example/api/reminders/unsubscribe?token=a&b=\"'<>",
    );
  });
});

describe("the unsubscribe page", () => {
  it.each(PAYLOADS)("keeps a hostile token in the hidden field's value: %s", (token) => {
    const tree = parse(unsubscribeConfirmPage("en", "/api/reminders/unsubscribe", token));
    const tags = elements(tree).map(([tag]) => tag);
    expect(tags).toEqual([
      "html",
      "head",
      "meta",
      "meta",
      "title",
      "body",
      "main",
      "h1",
      "p",
      "form",
      "input",
      "button",
    ]);
    const input = (() => {
      let found: DefaultTreeAdapterTypes.Element | undefined;
      const walk = (n: Node) => {
        if (defaultTreeAdapter.isElementNode(n) && n.tagName === "input") found = n;
        if ("childNodes" in n) for (const child of n.childNodes) walk(child);
      };
      walk(tree);
      return found;
    })();
    expect(input?.attrs.find((attr) => attr.name === "value")?.value).toBe(token);
  });
});
