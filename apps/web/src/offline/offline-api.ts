// Everything the app uses of the offline layer, loaded as one lazy chunk (Dexie, the sync engine,
// the sanitizer for local writes) so the first route renders without it: see `offline-lazy.ts`.
export {
  cacheUser,
  deleteCache,
  isCacheComplete,
  onCacheChanged,
  openCache,
} from "./cache";
export {
  deleteDraft,
  listLeftDrafts,
  markDraftOpen,
  readDraft,
  saveDraft,
} from "./drafts";
export {
  hasCachedMemo,
  readFolder,
  readFolders,
  readHomeList,
  readMemoDetail,
  readMemoList,
} from "./local-reads";
export {
  changePriorityLocally,
  completeMemoLocally,
  createFolderLocally,
  createMemoLocally,
  deleteFolderLocally,
  deleteMemoLocally,
  moveMemoLocally,
  reorderFoldersLocally,
  reviewMemoLocally,
  uncompleteMemoLocally,
  updateFolderLocally,
  updateMemoLocally,
} from "./local-writes";
export { onSignedOut, requestSync, startSync, stopSync } from "./sync-engine";
export { dismissRejected, getSyncStatus, subscribeSyncStatus } from "./sync-status";
export { hasPendingChanges, storeServerFolders, storeServerMemos } from "./sync-store";
