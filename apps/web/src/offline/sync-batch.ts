import type { OutboxEntry } from "./cache-db";

// Which waiting changes one `POST /api/sync/ops` carries: a pure rule over the outbox's entries,
// oldest first (see sync-push.ts for the sending).

/** Changes per request to `POST /api/sync/ops` (the server's maximum, `SYNC_OPS_MAX`). */
export const PUSH_BATCH = 100;

/** Bytes of JSON one batch may carry (the server reads bodies of up to 2 MiB). */
export const PUSH_BATCH_BYTES = 1_500_000;

/** A change's size as a batch counts it: its JSON in UTF-16 code units × 2 (the opId aside). */
export function batchBytesOf(entry: Pick<OutboxEntry, "op">): number {
  return JSON.stringify(entry.op).length * 2;
}

/**
 * The first changes of `entries` (the outbox, oldest first) to send together, in order. A batch
 * holds at least one change (when `entries` has one) and ends
 * - before a second edit of the same memo: it must start from the revision the first one gets
 *   (the sender rebases it on the server's answer), or the server would take it for a concurrent
 *   edit of another device;
 * - before the deletion of something created in the same batch: a create is idempotent by its id,
 *   not by its opId, so replaying such a batch (its answer lost) would bring the deleted thing
 *   back; sent after the create's answer, as single changes were, it cannot;
 * - at {@link PUSH_BATCH} changes;
 * - before a change that would take it over {@link PUSH_BATCH_BYTES}.
 */
export function takeBatch<Entry extends Pick<OutboxEntry, "op">>(
  entries: readonly Entry[],
): Entry[] {
  const edited = new Set<string>();
  const created = new Set<string>();
  const batch: Entry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    if (batch.length === PUSH_BATCH) break;
    const { op } = entry;
    if (op.kind === "memo.update") {
      if (edited.has(op.memoId)) break;
      edited.add(op.memoId);
    }
    if (op.kind === "memo.create") created.add(op.memoId);
    if (op.kind === "folder.create") created.add(op.folderId);
    if (op.kind === "memo.delete" && created.has(op.memoId)) break;
    if (op.kind === "folder.delete" && created.has(op.folderId)) break;
    bytes += batchBytesOf(entry);
    if (batch.length > 0 && bytes > PUSH_BATCH_BYTES) break;
    batch.push(entry);
  }
  return batch;
}

/**
 * A change queued after an edit of the same memo, once the server answered that edit with the
 * memo's new `revision`: a later edit was made on top of it, so it now starts from that revision
 * (and is not taken for a concurrent edit of another device). Other changes stay as they are.
 * Changes `later` in place (Dexie's `modify` keeps what its callback writes).
 */
export function rebaseOnRevision(later: Pick<OutboxEntry, "op">, revision: number): void {
  if (later.op.kind === "memo.update") later.op.baseRevision = revision;
}
