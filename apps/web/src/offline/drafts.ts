import { cacheDb, currentCache } from "./cache";
import type { Draft } from "./cache-db";

// Drafts of the memo form live in the user's IndexedDB cache, written a moment after each
// keystroke, so a reload or a crashed tab loses at most that moment. Only saving the memo, or
// discarding the changes when asked, deletes the draft (issue 12 §1).

/** Drafts whose form is open in this tab right now (not offered for resuming). */
const openDrafts = new Set<string>();

// Drafts have listeners of their own: a draft written while typing is no change of the memos,
// and must not make every list (and the server's calendar) load again.
const draftListeners = new Set<() => void>();

/** Called when a draft is written, deleted, or its form opens or closes in this tab. */
export function onDraftsChanged(listener: () => void): () => void {
  draftListeners.add(listener);
  return () => draftListeners.delete(listener);
}

function notifyDrafts(): void {
  for (const listener of draftListeners) listener();
}

/** Marks a draft's form open; answers the function that marks it closed. */
export function markDraftOpen(key: string): () => void {
  openDrafts.add(key);
  notifyDrafts();
  return () => {
    openDrafts.delete(key);
    notifyDrafts();
  };
}

export async function readDraft(key: string): Promise<Draft | null> {
  return (await currentCache()?.drafts.get(key)) ?? null;
}

export async function saveDraft(key: string, title: string, contents: string): Promise<void> {
  await cacheDb().drafts.put({ key, title, contents, savedAt: Date.now() });
  notifyDrafts();
}

export async function deleteDraft(key: string): Promise<void> {
  await currentCache()?.drafts.delete(key);
  notifyDrafts();
}

/** Kept drafts whose form is not open here, newest first: a reload or a crash left them. */
export async function listLeftDrafts(): Promise<Draft[]> {
  const db = currentCache();
  if (!db) return [];
  const drafts = await db.drafts.toArray();
  return drafts.filter((draft) => !openDrafts.has(draft.key)).sort((a, b) => b.savedAt - a.savedAt);
}
