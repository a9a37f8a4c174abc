import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_SRC,
  type AttachmentResponse,
  attachmentPath,
  ErrorCode,
  randomId,
  sniffImageType,
} from "@mnemo/domain";
import { ApiError, api } from "../api/client";
import { cacheDb, currentCache } from "./cache";
import type { PendingUpload } from "./cache-db";

// Images in memos (PRODUCT.md › Images). An image added in the editor is kept in IndexedDB and
// shown from there at once; the editor writes `<img src="/api/attachments/{id}">` with an id
// chosen here. The sync engine uploads it before sending the outbox (so a memo never reaches the
// server before its image), under that id, so a retry is applied once. Images seen are kept by
// the service worker (vite.config.ts, cache IMAGE_CACHE), so memos show them offline.

/** The service worker's cache of images (vite.config.ts). */
export const IMAGE_CACHE = "mnemo-images";

/** An image upload failing with a server error is given up after this many tries. */
const MAX_SERVER_ERRORS = 5;

/** Object URLs of images added on this device, by id, for the life of the page. */
const localUrls = new Map<string, string>();

const uploadListeners = new Set<() => void>();

/** Called after an image is queued (the sync engine uploads it when it can). */
export function onImageQueued(listener: () => void): () => void {
  uploadListeners.add(listener);
  return () => uploadListeners.delete(listener);
}

/**
 * Keeps an image for upload and answers the path memo contents show it at.
 *
 * @throws ApiError ATTACHMENT_TOO_LARGE over 10 MB, ATTACHMENT_TYPE_UNSUPPORTED when its bytes
 *   are not PNG, JPEG, GIF or WebP (checked here as the server does, so the user knows at once)
 */
export async function queueImage(file: Blob): Promise<{ id: string; path: string }> {
  if (file.size > ATTACHMENT_MAX_BYTES) {
    throw new ApiError(ErrorCode.ATTACHMENT_TOO_LARGE, 413, "image over 10 MB");
  }
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const type = sniffImageType(head);
  if (!type) {
    throw new ApiError(ErrorCode.ATTACHMENT_TYPE_UNSUPPORTED, 415, "not a PNG/JPEG/GIF/WebP");
  }
  const id = randomId();
  const blob = file.type === type ? file : new Blob([file], { type });
  await cacheDb().uploads.put({ id, blob, queuedAt: Date.now(), attempts: 0 });
  localUrls.set(id, URL.createObjectURL(blob));
  for (const listener of uploadListeners) listener();
  return { id, path: attachmentPath(id) };
}

/**
 * The address to show an image at: this device's copy while it waits for upload (or was added
 * in this page), otherwise its path on the server.
 */
export async function displayUrlOf(src: string): Promise<string> {
  const id = ATTACHMENT_SRC.exec(src)?.[1];
  if (!id) return src;
  const known = localUrls.get(id);
  if (known) return known;
  const pending = await currentCache()?.uploads.get(id);
  if (!pending) return src;
  const url = URL.createObjectURL(pending.blob);
  localUrls.set(id, url);
  return url;
}

/** How many images wait for upload. */
export async function countPendingUploads(): Promise<number> {
  return (await currentCache()?.uploads.count()) ?? 0;
}

/** Keeps an uploaded image in the service worker's cache, so it shows offline from now on. */
async function keepSeen(path: string, blob: Blob): Promise<void> {
  if (typeof caches === "undefined") return;
  const cache = await caches.open(IMAGE_CACHE);
  await cache.put(
    path,
    new Response(blob, {
      headers: { "content-type": blob.type, "content-length": `${blob.size}` },
    }),
  );
}

export type UploadResult = "done" | "unreachable" | "signed-out";

/** Whether a failed upload should wait for the server instead of counting as a try. */
function isUnreachable(error: unknown): boolean {
  return (
    !(error instanceof ApiError) ||
    error.code === ErrorCode.NETWORK_UNAVAILABLE ||
    error.code === ErrorCode.STORAGE_UNAVAILABLE ||
    error.status === 401 ||
    error.status === 429
  );
}

/**
 * Uploads one image; true when it is done with (stored, or refused for good: too large, not an
 * image, deleted meanwhile). Throws when it should be tried again later.
 */
async function uploadOne(upload: PendingUpload): Promise<boolean> {
  const form = new FormData();
  form.append("id", upload.id);
  form.append("file", upload.blob, upload.id);
  try {
    const { attachment } = await api<AttachmentResponse>("POST", "/api/attachments", form);
    await keepSeen(attachment.path, upload.blob).catch(() => undefined);
    return true;
  } catch (error) {
    if (isUnreachable(error)) throw error;
    if (error instanceof ApiError && error.status >= 500) {
      const attempts = upload.attempts + 1;
      if (attempts >= MAX_SERVER_ERRORS) return true;
      await cacheDb().uploads.update(upload.id, { attempts });
      throw error;
    }
    return true;
  }
}

/** Uploads every image waiting, oldest first; stops when the server cannot be reached. */
export async function pushUploads(): Promise<UploadResult> {
  const db = cacheDb();
  for (;;) {
    const next = await db.uploads.orderBy("queuedAt").first();
    if (!next) return "done";
    try {
      if (await uploadOne(next)) await db.uploads.delete(next.id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return "signed-out";
      return "unreachable";
    }
  }
}

/** Forgets the images seen (sign-out): another user of the device must not see them. */
export async function deleteSeenImages(): Promise<void> {
  for (const url of localUrls.values()) URL.revokeObjectURL(url);
  localUrls.clear();
  if (typeof caches !== "undefined") await caches.delete(IMAGE_CACHE);
}
