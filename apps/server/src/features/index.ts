import type { FastifyInstance } from "fastify";

/** Registers every feature's routes under the /api prefix. */
export async function registerFeatureRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
