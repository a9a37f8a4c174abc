import { ErrorCode, saveScratchTextInputSchema, scratchTextResponseSchema } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { getScratchText, saveScratchText } from "./text.service.js";

const tags = ["text"];
const security = [{ session: [] }];

/** The signed-in user's one scratch text (screens text-editor and upsert-text). */
export async function textRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/text",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "The scratch text; empty contents and updatedAt null before the first save",
        response: { 200: scratchTextResponseSchema },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      return { text: await getScratchText(app.deps, user.id) };
    },
  );

  app.put(
    "/text",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Replace the scratch text (sanitized rich text)",
        body: saveScratchTextInputSchema,
        response: { 200: scratchTextResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const input = parseInput(saveScratchTextInputSchema, request.body);
      return { text: await saveScratchText(app.deps, user.id, input) };
    },
  );
}
