import multipart from "@fastify/multipart";
import {
  AppError,
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  attachmentIdParamsSchema,
  attachmentResponseSchema,
  ErrorCode,
  publicAttachmentParamsSchema,
  uploadAttachmentFieldsSchema,
} from "@mnemo/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import type { StoredAttachment } from "./attachments.repo.js";
import { readAttachment, readSharedAttachment, uploadAttachment } from "./attachments.service.js";

const tags = ["attachments"];
const security = [{ session: [] }];
const { VALIDATION_FAILED, ATTACHMENT_NOT_FOUND } = ErrorCode;

/** Reads of shared memos' images one client address may make (a memo may show many). */
const PUBLIC_IMAGE_READS_PER_IP_PER_MINUTE = 600;

/** The upload form as the docs show it; the handler reads it with readUpload. */
const uploadFormSchema = uploadAttachmentFieldsSchema.extend({
  file: z.string().describe("The image file (binary)"),
});

const imageBytesSchema = z.string().describe("The image's bytes, with its sniffed type");

function missingFile(): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
    { path: "file", issue: "Expected multipart/form-data with one file" },
  ]);
}

function tooLarge(): AppError {
  return new AppError(
    ErrorCode.ATTACHMENT_TOO_LARGE,
    `an image may have at most ${ATTACHMENT_MAX_BYTES} bytes`,
    { maxBytes: ATTACHMENT_MAX_BYTES },
  );
}

/**
 * The upload's form fields and file bytes, read while streaming: beyond ATTACHMENT_MAX_BYTES
 * the read stops and the upload is refused, so no more than that is ever held in memory.
 *
 * @throws ATTACHMENT_TOO_LARGE; VALIDATION_FAILED without one file or with malformed fields
 */
async function readUpload(
  request: FastifyRequest,
): Promise<{ id: string | undefined; data: Buffer }> {
  if (!request.isMultipart()) throw missingFile();
  let part: Awaited<ReturnType<FastifyRequest["file"]>>;
  let data: Buffer;
  try {
    part = await request.file();
    if (!part) throw missingFile();
    data = await part.toBuffer();
    // @fastify/multipart checks the cut only as chunks arrive: when every allowed byte was read
    // before the one over the limit came, toBuffer returns the cut bytes without throwing.
    if (part.file.truncated) throw tooLarge();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    // Everything else the multipart parser throws is about the body as sent: cut short, more
    // parts or fields than allowed, a malformed header.
    throw new AppError(ErrorCode.VALIDATION_FAILED, "request failed validation", [
      { path: "file", issue: `Malformed multipart body: ${(error as Error).message}` },
    ]);
  }
  const fields: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    if (field && !Array.isArray(field) && field.type === "field") fields[name] = field.value;
  }
  const { id } = parseInput(uploadAttachmentFieldsSchema, fields);
  return { id, data };
}

/**
 * Answers an image so that it can only ever be an image: its sniffed type, `nosniff`, a policy
 * that lets nothing run or load should it be opened as a page, and `inline` with a file name of
 * its own. An `If-None-Match` naming its ETag answers 304.
 */
function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: StoredAttachment & { data: Uint8Array },
  cacheControl: string,
) {
  const etag = `"${image.sha256}"`;
  reply
    .header("cache-control", cacheControl)
    .header("etag", etag)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header(
      "content-disposition",
      `inline; filename="${image.id}.${ATTACHMENT_EXTENSIONS[image.contentType]}"`,
    );
  if (request.headers["if-none-match"] === etag) return reply.status(304).send();
  return reply.type(image.contentType).send(Buffer.from(image.data));
}

/** Images in memos: upload, the owner's read, and the read through a shared memo. */
export async function attachmentRoutes(app: FastifyInstance): Promise<void> {
  // Only these routes read multipart bodies; one file, a few short fields.
  await app.register(multipart, {
    limits: {
      fileSize: ATTACHMENT_MAX_BYTES,
      files: 1,
      fields: 4,
      fieldSize: 200,
      parts: 5,
      headerPairs: 50,
    },
  });

  app.post(
    "/attachments",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Upload an image (201), or answer the stored one for a known id and bytes (200)",
        description:
          "multipart/form-data: an optional `id` field (before the file) and one `file` of at " +
          `most ${ATTACHMENT_MAX_BYTES} bytes, PNG, JPEG, GIF or WebP by its bytes (its name and ` +
          "declared type are ignored). An id of a deleted image is refused (410).",
        consumes: ["multipart/form-data"],
        body: uploadFormSchema,
        response: { 201: attachmentResponseSchema, 200: attachmentResponseSchema },
        errors: [
          VALIDATION_FAILED,
          ErrorCode.ATTACHMENT_TOO_LARGE,
          ErrorCode.ATTACHMENT_TYPE_UNSUPPORTED,
          ErrorCode.ATTACHMENT_DELETED,
          ErrorCode.ATTACHMENT_ID_CONFLICT,
        ],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const upload = await readUpload(request);
      const { attachment, created } = await uploadAttachment(app.deps, user.id, upload);
      return reply.status(created ? 201 : 200).send({ attachment });
    },
  );

  app.get(
    "/attachments/:attachmentId",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "One of the user's images; cached privately for a year (its id never changes)",
        params: attachmentIdParamsSchema,
        response: { 200: imageBytesSchema },
        errors: [VALIDATION_FAILED, ATTACHMENT_NOT_FOUND],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { attachmentId } = parseInput(attachmentIdParamsSchema, request.params);
      const image = await readAttachment(app.deps, user.id, attachmentId);
      return sendImage(request, reply, image, "private, max-age=31536000, immutable");
    },
  );

  app.get(
    "/public/:countryCode/memos/:shareToken/attachments/:attachmentId",
    {
      config: {
        rateLimit: { max: PUBLIC_IMAGE_READS_PER_IP_PER_MINUTE, timeWindow: "1 minute" },
      },
      schema: routeSchema({
        tags: ["public"],
        summary: "An image a shared memo shows, for anyone with the memo's address",
        description: "Revalidated on each use (ETag), so an unshare takes effect at once.",
        params: publicAttachmentParamsSchema,
        response: { 200: imageBytesSchema },
        errors: [ATTACHMENT_NOT_FOUND, ErrorCode.RATE_LIMITED],
      }),
    },
    async (request, reply) => {
      // A malformed address gets the answer of an unknown image, not a validation error.
      const address = publicAttachmentParamsSchema.safeParse(request.params);
      const image = await readSharedAttachment(app.deps, address.success ? address.data : null);
      return sendImage(request, reply, image, "no-cache");
    },
  );
}
