import { Readable } from "node:stream";
import { ErrorCode, exportQuerySchema } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { exportArchive } from "./export.service.js";

const archiveSchema = z.string().describe("The archive's bytes (a zip, or an Anki package)");

/** Export of all the user's data as one streamed download. */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/export",
    {
      schema: routeSchema({
        tags: ["export"],
        security: [{ session: [] }],
        summary: "All the user's folders, memos, review history and images as one download",
        description:
          "`mnemo`: a zip of `mnemo.json` and `attachments/` (README › Export formats), which " +
          "imports again with the same ids and history. `markdown`: a zip of one directory per " +
          "folder and one `.md` per memo with front matter, images beside; both streamed as they " +
          "are read. `apkg`: an Anki package (Basic notes, decks from folders, tags, the review " +
          "history as revlog), written whole before it is sent.",
        querystring: exportQuerySchema,
        response: { 200: archiveSchema },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { format } = parseInput(exportQuerySchema, request.query);
      const archive = await exportArchive(app.deps, user.id, format);
      reply
        .header("content-type", archive.contentType)
        .header("content-disposition", `attachment; filename="${archive.fileName}"`)
        .header("cache-control", "no-store")
        .header("x-content-type-options", "nosniff");
      // Fastify's HEAD would read the whole stream to throw it away: the archive is not started.
      if (request.method === "HEAD") return reply.send();
      return reply.send(Readable.from(archive.chunks, { objectMode: false }));
    },
  );
}
