import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import { API_DOCS_PREFIX } from "../http/api-docs.js";

export interface SecurityHeadersOptions {
  isHttps: boolean;
}

/**
 * True for a path of the API whose answers must never be stored by a browser or a proxy: all
 * but the docs page and its assets, which hold nobody's data.
 */
export function isPrivateApiPath(url: string): boolean {
  return url.startsWith("/api/") && !url.startsWith(API_DOCS_PREFIX);
}

/**
 * Helmet's headers with a strict Content-Security-Policy on every response, and
 * `Cache-Control: no-store` on every API answer (signed-in answers hold private data; a route
 * may still set its own). The middleware is
 * built once here: @fastify/helmet rebuilds it (and re-parses every CSP directive) on each
 * request, which cost ~3.5 % of the server's CPU under load in the bench profile.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const applyHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // React and the rich-text editor set inline styles on elements; inline scripts stay off.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // blob: shows an image added in the editor before (or without) its upload.
          imgSrc: ["'self'", "data:", "https:", "blob:"],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", "data:"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: options.isHttps ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: options.isHttps,
    });
    app.addHook("onRequest", (request, reply, done) => {
      if (isPrivateApiPath(request.url)) reply.header("cache-control", "no-store");
      applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
  },
);
