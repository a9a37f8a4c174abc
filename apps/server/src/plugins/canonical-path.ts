import { AppError, ErrorCode } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * A spelling of a path that some layer would rewrite into another path: a `.` or `..` segment,
 * an empty segment (`//`), a backslash, or an encoded dot, slash or backslash. better-auth (through
 * the WHATWG URL parser) resolves these, while our routes match the raw text, so the two must
 * never disagree on which route a request is for.
 */
const NON_CANONICAL_PATH = /(?:^|\/)\.{1,2}(?:\/|$)|\/\/|\\|%2e|%2f|%5c/i;

/** True when `url` (path and query as received) has a path in its one canonical spelling. */
export function isCanonicalPath(url: string): boolean {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  return path.startsWith("/") && !NON_CANONICAL_PATH.test(path);
}

/**
 * Refuses every request whose path is not canonical (see {@link isCanonicalPath}) with
 * REQUEST_PATH_INVALID, before any other hook or handler runs, for every route and unknown path.
 */
export const canonicalPathPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", async (request) => {
    if (!isCanonicalPath(request.raw.url ?? "")) {
      throw new AppError(ErrorCode.REQUEST_PATH_INVALID, "the path is not in canonical form");
    }
  });
});
