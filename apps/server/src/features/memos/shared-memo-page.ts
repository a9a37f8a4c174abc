import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  AppError,
  ErrorCode,
  escapeHtml,
  type PublicMemo,
  publicMemoParamsSchema,
} from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { getSharedMemo } from "./memo-share.service.js";
import { PUBLIC_MEMO_READS_PER_IP_PER_MINUTE } from "./memos.routes.js";

// The page of a shared memo's public address, /view/{countryCode}/{shareToken}: the web app's
// index.html with the memo's title and description in its head, so link previews (messengers,
// social sites) that read no JavaScript show the memo. The app then renders the memo itself.

/** Longest description in a preview; longer text is cut at a word and ends with "…". */
const DESCRIPTION_MAX_CHARS = 160;
const SITE_NAME = "Mnemo";

const TITLE_TAG = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION_TAG = /<meta\s+name=["']description["'][^>]*>\s*/i;

/** The preview shortened for a description: at most 160 characters, cut after a word. */
export function describePreview(preview: string): string {
  const text = preview.replace(/\s+/g, " ").trim();
  if (text.length <= DESCRIPTION_MAX_CHARS) return text;
  const cut = text.slice(0, DESCRIPTION_MAX_CHARS - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > DESCRIPTION_MAX_CHARS / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * index.html with the shared memo's `<title>`, description and Open Graph tags in place of the
 * app's own title and description. Every value is escaped for an attribute or text; the
 * replacements are functions, so a `$&` in a title is text, not a pattern.
 */
export function withSharedMemoMeta(indexHtml: string, memo: Pick<PublicMemo, "title" | "preview">) {
  const title = memo.title.trim() || SITE_NAME;
  const description = describePreview(memo.preview);
  const meta = (attribute: string, key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    `<title>${escapeHtml(`${title} · ${SITE_NAME}`)}</title>`,
    ...(description ? [meta("name", "description", description)] : []),
    meta("property", "og:type", "article"),
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:title", title),
    ...(description ? [meta("property", "og:description", description)] : []),
    meta("name", "twitter:card", "summary"),
  ].join("");
  const page = indexHtml.replace(TITLE_TAG, () => "").replace(DESCRIPTION_TAG, () => "");
  const headEnd = page.search(/<\/head>/i);
  return headEnd < 0 ? `${tags}${page}` : `${page.slice(0, headEnd)}${tags}${page.slice(headEnd)}`;
}

/**
 * Serves /view/{countryCode}/{shareToken} from `webDist`: with the memo's meta tags when it is
 * shared there, else the plain app with 404 (the app shows its "link no longer works" page).
 * Limited per address like the public API read: a page answer tells whether a token is live.
 */
export function registerSharedMemoPage(app: FastifyInstance, webDist: string): void {
  app.get(
    "/view/:countryCode/:shareToken",
    {
      schema: { hide: true },
      config: {
        rateLimit: { max: PUBLIC_MEMO_READS_PER_IP_PER_MINUTE, timeWindow: "1 minute" },
      },
    },
    async (request, reply) => {
      const indexHtml = await readFile(join(webDist, "index.html"), "utf8");
      const address = publicMemoParamsSchema.safeParse(request.params);
      const memo = await getSharedMemo(app.deps, address.success ? address.data : null).catch(
        (error: unknown) => {
          if (error instanceof AppError && error.code === ErrorCode.MEMO_NOT_FOUND) return null;
          throw error;
        },
      );
      // Sharing and unsharing take effect at once only if no cache on the way keeps a page.
      reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
      if (!memo) return reply.status(404).send(indexHtml);
      return reply.send(withSharedMemoMeta(indexHtml, memo));
    },
  );
}
