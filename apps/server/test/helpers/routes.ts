import type { FastifyInstance } from "fastify";

/**
 * Every route the app answers, read from Fastify's route tree, so a route added later shows up
 * in the tests that use this without editing them. HEAD routes (Fastify adds one per GET) are
 * left out.
 */
export function appRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const path = (pathAtDepth[depth - 1] ?? "") + (match[2] ?? "");
    pathAtDepth.length = depth;
    pathAtDepth[depth] = path;
    for (const method of match[3]?.split(", ") ?? []) {
      if (method !== "HEAD") routes.push({ method, url: path });
    }
  }
  return routes;
}
