import type { Plugin } from "vite";

/** The stylesheet links Vite writes into the built index.html's head. */
const STYLESHEET_LINK = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * PRODUCT.md › Start-up: moves the built page's stylesheet links from the head to the end of the
 * body, below index.html's inline start-up indicator. A stylesheet in the head holds back the
 * first paint until it has arrived (over 2 s at 400 kbit/s, sharing the line with the scripts);
 * one in the body holds back only what follows it, so the indicator paints with the HTML. The app
 * still never renders unstyled: module scripts run only once the page's stylesheets are in.
 */
export function stylesheetAfterStartup(): Plugin {
  return {
    name: "mnemo-stylesheet-after-startup",
    apply: "build",
    transformIndexHtml: {
      // After Vite has injected the bundle's links.
      order: "post",
      handler(html) {
        const links = html.match(STYLESHEET_LINK)?.map((link) => link.trim()) ?? [];
        if (links.length === 0) return html;
        return html
          .replace(STYLESHEET_LINK, "")
          .replace("</body>", `  ${links.join("\n    ")}\n  </body>`);
      },
    },
  };
}
