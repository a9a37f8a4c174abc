import { z } from "zod";
import { ATTACHMENT_TYPES } from "../attachment/attachment.js";
import { epochMsSchema } from "../common/timestamp.js";
import { countryCodeSchema } from "../constants.schema.js";
import { objectIdSchema } from "./common.js";

/** A stored image: its id, the type its bytes showed, its size in bytes and when it arrived. */
export const attachmentSchema = z.object({
  id: objectIdSchema,
  contentType: z.enum(ATTACHMENT_TYPES),
  byteSize: z.int().min(1),
  createdAt: epochMsSchema,
  /** Where memo contents show it: `/api/attachments/{id}`. */
  path: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** Answer of `POST /api/attachments`. */
export const attachmentResponseSchema = z.object({ attachment: attachmentSchema });
export type AttachmentResponse = z.infer<typeof attachmentResponseSchema>;

/**
 * The form fields of `POST /api/attachments` besides the file: an optional client-chosen `id`
 * (sent before the file), so an upload queued offline is applied once however often it is sent.
 */
export const uploadAttachmentFieldsSchema = z.object({ id: objectIdSchema.optional() });
export type UploadAttachmentFields = z.infer<typeof uploadAttachmentFieldsSchema>;

/** `:attachmentId` of `GET /api/attachments/:attachmentId`. */
export const attachmentIdParamsSchema = z.object({ attachmentId: objectIdSchema });
export type AttachmentIdParams = z.infer<typeof attachmentIdParamsSchema>;

/** A shared memo's image: the memo's public address and the image's id. */
export const publicAttachmentParamsSchema = z.object({
  countryCode: countryCodeSchema,
  shareToken: objectIdSchema,
  attachmentId: objectIdSchema,
});
export type PublicAttachmentParams = z.infer<typeof publicAttachmentParamsSchema>;
