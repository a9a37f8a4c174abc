// Everything the app uses of the offline layer, loaded as one lazy chunk (Dexie, the sync engine,
// the sanitizer for local writes) so the first route renders without it: see `offline-lazy.ts`.
export {
  cacheUser,
  deleteCache,
  isCacheComplete,
  onCacheChanged,
  openCache,
  readMeta,
  writeMeta,
} from "./cache";
export {
  deleteDraft,
  listLeftDrafts,
  markDraftOpen,
  readDraft,
  saveDraft,
} from "./drafts";
export { deleteSeenImages } from "./images";
export { readCalendar, storeServerCalendar } from "./local-calendar";
export {
  countFolderContents,
  hasCachedMemo,
  readFolder,
  readFolders,
  readHomeList,
  readMemoDetail,
  readMemoList,
  readReviewQueue,
} from "./local-reads";
export { preloadSearchIndex, readTags, searchLocally } from "./local-search";
export {
  changePriorityLocally,
  completeMemoLocally,
  createFolderLocally,
  createMemoLocally,
  deleteFolderLocally,
  deleteMemoLocally,
  forgetLocalTrash,
  moveMemoLocally,
  readLocalTrash,
  recordReviewLocally,
  reorderFoldersLocally,
  restoreLocally,
  reviewMemoLocally,
  uncompleteMemoLocally,
  undoCompleteLocally,
  undoReviewLocally,
  undoUncompleteLocally,
  updateFolderLocally,
  updateMemoLocally,
} from "./local-writes";
export { onSignedOut, requestSync, startSync, stopSync } from "./sync-engine";
export { dismissRejected, getSyncStatus, subscribeSyncStatus } from "./sync-status";
export {
  hasPendingChanges,
  readFsrsWeights,
  storeFsrsWeights,
  storeServerFolders,
  storeServerMemos,
} from "./sync-store";
