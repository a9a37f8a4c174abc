import type { IndexHtmlTransformHook } from "vite";
import { describe, expect, it } from "vitest";
import { stylesheetAfterStartup } from "./stylesheet-after-startup.ts";

/** The plugin's post hook, as Vite calls it on the built index.html. */
function transform(html: string): string {
  const hook = stylesheetAfterStartup().transformIndexHtml as { handler: IndexHtmlTransformHook };
  return hook.handler.call(undefined as never, html, {} as never) as string;
}

describe("stylesheetAfterStartup", () => {
  it("moves the head's stylesheet links below the start-up indicator, keeping the rest", () => {
    const built = [
      "<html><head>",
      '    <script type="module" crossorigin src="/assets/index-a.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/lib-b.js">',
      '    <link rel="stylesheet" crossorigin href="/assets/index-c.css">',
      '  <link rel="manifest" href="/manifest.webmanifest"></head>',
      '  <body>\n    <div id="root"><div id="startup">불러오는 중…</div></div>\n  </body>',
      "</html>",
    ].join("\n");

    const moved = transform(built);

    const head = moved.slice(0, moved.indexOf("</head>"));
    expect(head).not.toContain("stylesheet");
    expect(head).toContain('rel="modulepreload"');
    expect(head).toContain('rel="manifest"');
    expect(moved).toMatch(
      /<div id="startup">불러오는 중…<\/div><\/div>\n\s*<link rel="stylesheet" crossorigin href="\/assets\/index-c.css">\n\s*<\/body>/,
    );
  });

  it("leaves a page without stylesheets as it is", () => {
    const html = '<html><head></head><body><div id="root"></div></body></html>';
    expect(transform(html)).toBe(html);
  });
});
