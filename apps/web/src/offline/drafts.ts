import { cacheDb, currentCache, notifyChanged } from "./cache";
import type { Draft } from "./cache-db";

// Drafts of the memo form live in the user's IndexedDB cache, written a moment after each
// keystroke, so a reload or a crashed tab loses at most that moment. Saving the memo, or
// closing the form on purpose, deletes the draft.

/** Drafts whose form is open in this tab right now (not offered for resuming). */
const openDrafts = new Set<string>();

/** Marks a draft's form open; answers the function that marks it closed. */
export function markDraftOpen(key: string): () => void {
  openDrafts.add(key);
  notifyChanged();
  return () => {
    openDrafts.delete(key);
    notifyChanged();
  };
}

export async function readDraft(key: string): Promise<Draft | null> {
  return (await currentCache()?.drafts.get(key)) ?? null;
}

export async function saveDraft(key: string, title: string, contents: string): Promise<void> {
  await cacheDb().drafts.put({ key, title, contents, savedAt: Date.now() });
  notifyChanged();
}

export async function deleteDraft(key: string): Promise<void> {
  await currentCache()?.drafts.delete(key);
  notifyChanged();
}

/** Kept drafts whose form is not open here, newest first: a reload or a crash left them. */
export async function listLeftDrafts(): Promise<Draft[]> {
  const db = currentCache();
  if (!db) return [];
  const drafts = await db.drafts.toArray();
  return drafts.filter((draft) => !openDrafts.has(draft.key)).sort((a, b) => b.savedAt - a.savedAt);
}
