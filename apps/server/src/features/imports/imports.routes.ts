import multipart from "@fastify/multipart";
import {
  AppError,
  ErrorCode,
  importIdParamsSchema,
  importListResponseSchema,
  importResponseSchema,
} from "@mnemo/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { getImport, listImports, startImport } from "./imports.service.js";

const tags = ["imports"];
const security = [{ session: [] }];
const { VALIDATION_FAILED } = ErrorCode;

const uploadFormSchema = z.object({
  file: z.string().describe("The import file (binary): recognised from its content"),
});

function missingFile(): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
    { path: "file", issue: "Expected multipart/form-data with one file" },
  ]);
}

function tooLarge(maxBytes: number): AppError {
  return new AppError(
    ErrorCode.IMPORT_TOO_LARGE,
    `an import file may have at most ${maxBytes} bytes`,
    { maxBytes },
  );
}

/**
 * The uploaded file's bytes, read while streaming: beyond `maxBytes` the read stops and the
 * upload is refused, so no more than that is ever held in memory.
 *
 * @throws IMPORT_TOO_LARGE; VALIDATION_FAILED without one file or for a malformed body
 */
async function readImportFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw missingFile();
  try {
    const part = await request.file({ limits: { fileSize: maxBytes } });
    if (part?.fieldname !== "file") throw missingFile();
    const bytes = await part.toBuffer();
    // @fastify/multipart checks the cut only as chunks arrive: when every allowed byte was read
    // before the one over the limit came, toBuffer returns the cut bytes without throwing.
    if (part.file.truncated) throw tooLarge(maxBytes);
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge(maxBytes);
    throw new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
      { path: "file", issue: `Malformed multipart body: ${(error as Error).message}` },
    ]);
  }
}

/** Import jobs: upload a file to import, follow its progress, list the latest. */
export async function importRoutes(app: FastifyInstance): Promise<void> {
  const maxBytes = app.deps.config.importMaxBytes;
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: 200, parts: 3, headerPairs: 50 },
  });
  // Jobs still running when the server closes end first (their transaction needs the database).
  const running = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled(running);
  });

  app.post(
    "/imports",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Start importing a file (202): Anki, Mnemo, the original app, Markdown or Keep",
        description:
          `multipart/form-data with one \`file\` of at most ${maxBytes} bytes; its format is ` +
          "recognised from its content. The import runs after the answer: follow it with " +
          "GET /api/imports/{importId}. One import per user runs at a time.",
        consumes: ["multipart/form-data"],
        body: uploadFormSchema,
        response: { 202: importResponseSchema },
        errors: [
          VALIDATION_FAILED,
          ErrorCode.IMPORT_TOO_LARGE,
          ErrorCode.IMPORT_FORMAT_UNKNOWN,
          ErrorCode.IMPORT_FILE_DAMAGED,
          ErrorCode.IMPORT_ALREADY_RUNNING,
        ],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const bytes = await readImportFile(request, maxBytes);
      const started = await startImport(app.deps, user, bytes, request.log);
      const work = started.run().finally(() => running.delete(work));
      running.add(work);
      return reply.status(202).send({ import: started.job });
    },
  );

  app.get(
    "/imports",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "The user's latest imports (at most 20), newest first",
        response: { 200: importListResponseSchema },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      return { imports: await listImports(app.deps, user.id) };
    },
  );

  app.get(
    "/imports/:importId",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "One import of the user: its status, progress and, once done, its report",
        params: importIdParamsSchema,
        response: { 200: importResponseSchema },
        errors: [VALIDATION_FAILED, ErrorCode.IMPORT_NOT_FOUND],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { importId } = parseInput(importIdParamsSchema, request.params);
      return { import: await getImport(app.deps, user.id, importId) };
    },
  );
}
