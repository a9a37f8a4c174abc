import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isNestedTooDeep, MAX_JSON_DEPTH, nestedTooDeep } from "../http/json-depth.js";

/**
 * Fastify's own JSON parser (prototype and constructor poisoning refused), behind a linear scan
 * that refuses a body nested deeper than {@link MAX_JSON_DEPTH} with 400 VALIDATION_FAILED before
 * anything recurses over it.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (isNestedTooDeep(body as string, MAX_JSON_DEPTH)) {
      done(nestedTooDeep(), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
});
