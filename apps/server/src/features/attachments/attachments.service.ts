import { createHash } from "node:crypto";
import {
  AppError,
  type Attachment,
  attachmentIdsIn,
  attachmentPath,
  DAY_MS,
  ErrorCode,
  type PublicAttachmentParams,
  randomId,
  sniffImageType,
} from "@mnemo/domain";
import { purgeImagesShownNowhere } from "../../db/attachment-refs.repo.js";
import type { ServiceDeps } from "../../deps.js";
import {
  insertAttachment,
  type StoredAttachment,
  selectAttachment,
  selectAttachmentWithData,
  selectSharedMemoContents,
} from "./attachments.repo.js";

// Images in memos (PRODUCT.md › Images). An image belongs to the user who uploaded it; memo
// contents show it as `<img src="/api/attachments/{id}">`. Deleting a memo (or its folder) deletes
// the images nothing else of the user shows, deleting the account deletes them all (the rows
// cascade with the user), and an image nothing has shown for a day is purged at the user's next
// upload.

type Deps = ServiceDeps;

/** An upload purges at most this many of the user's old unshown images. */
const PURGE_PER_UPLOAD = 20;

function notFound(id: string): AppError {
  return new AppError(ErrorCode.ATTACHMENT_NOT_FOUND, `attachment ${id} not found`);
}

function present(stored: StoredAttachment): Attachment {
  return {
    id: stored.id,
    contentType: stored.contentType,
    byteSize: stored.byteSize,
    createdAt: stored.createdAt,
    path: attachmentPath(stored.id),
  };
}

/**
 * Stores an image of the user, its type read from its first bytes. Under a client-chosen `id`
 * the upload is applied once: sent again with the same bytes it answers the stored image
 * (`created: false`); an id already used for other bytes, or for an image since deleted, is
 * refused, so a replay never brings a deleted image back. Also purges a few of the user's images
 * that nothing has shown for a day.
 *
 * @throws ATTACHMENT_TYPE_UNSUPPORTED for bytes that are not PNG, JPEG, GIF or WebP;
 *   ATTACHMENT_DELETED; ATTACHMENT_ID_CONFLICT
 */
export async function uploadAttachment(
  deps: Deps,
  userId: string,
  upload: { id: string | undefined; data: Buffer },
): Promise<{ attachment: Attachment; created: boolean }> {
  const contentType = sniffImageType(upload.data);
  if (!contentType) {
    throw new AppError(
      ErrorCode.ATTACHMENT_TYPE_UNSUPPORTED,
      "the file is not a PNG, JPEG, GIF or WebP image",
    );
  }
  const id = upload.id ?? randomId();
  const sha256 = createHash("sha256").update(upload.data).digest("hex");
  const now = deps.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    await purgeImagesShownNowhere(trx, userId, {
      uploadedBefore: now - DAY_MS,
      now,
      limit: PURGE_PER_UPLOAD,
    });
    const stored = { id, contentType, byteSize: upload.data.length, sha256, createdAt: now };
    if (await insertAttachment(trx, userId, { ...stored, data: upload.data })) {
      return { attachment: present({ ...stored, deletedAt: null }), created: true };
    }
    const existing = await selectAttachment(trx, userId, id);
    if (!existing) throw notFound(id);
    if (existing.deletedAt !== null) {
      throw new AppError(ErrorCode.ATTACHMENT_DELETED, `attachment ${id} was deleted`);
    }
    if (existing.sha256 !== sha256) {
      throw new AppError(ErrorCode.ATTACHMENT_ID_CONFLICT, `attachment ${id} holds other bytes`);
    }
    return { attachment: present(existing), created: false };
  });
}

/** The user's live image with its bytes. @throws ATTACHMENT_NOT_FOUND */
export async function readAttachment(
  deps: Deps,
  userId: string,
  id: string,
): Promise<StoredAttachment & { data: Uint8Array }> {
  const attachment = await selectAttachmentWithData(deps.db.kysely, userId, id);
  if (!attachment) throw notFound(id);
  return attachment;
}

/**
 * An image of a shared memo, for anyone with the memo's address: only an image the memo's
 * contents show (`null` address: one that did not parse).
 *
 * @throws ATTACHMENT_NOT_FOUND, the same for a malformed address, a memo not shared there, an
 *   image the memo does not show and one that does not exist
 */
export async function readSharedAttachment(
  deps: Deps,
  address: PublicAttachmentParams | null,
): Promise<StoredAttachment & { data: Uint8Array }> {
  const memo =
    address &&
    (await selectSharedMemoContents(deps.db.kysely, address.countryCode, address.shareToken));
  if (!address || !memo || !attachmentIdsIn(memo.contents).includes(address.attachmentId)) {
    throw notFound(address?.attachmentId ?? "");
  }
  return readAttachment(deps, memo.userId, address.attachmentId);
}
