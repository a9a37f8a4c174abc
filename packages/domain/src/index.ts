/**
 * `@mnemo/domain`: the pure rules and schemas shared by the server and the web client.
 * No I/O and no clock: callers pass `now` in epoch milliseconds.
 *
 * Every export is listed by name, so a name nobody outside the package uses shows here and can
 * go; names a file exports only for the package itself and its tests are left out.
 */
export {
  type AuthProvidersResponse,
  type AuthSessionResponse,
  authProvidersResponseSchema,
  authSessionResponseSchema,
  changeEmailInputSchema,
  changeEmailResponseSchema,
  changePasswordInputSchema,
  type DeleteAccountInput,
  deleteAccountInputSchema,
  devSignInInputSchema,
  type MeResponse,
  meResponseSchema,
  signInInputSchema,
  signUpInputSchema,
  type UpdateMeInput,
  updateMeInputSchema,
} from "./api/account.js";
export {
  ANALYTICS_MAX_DAYS,
  type AnalyticsDayCount,
  type AnalyticsQuery,
  type AnalyticsResponse,
  analyticsDayCountSchema,
  analyticsQuerySchema,
  analyticsResponseSchema,
} from "./api/admin.js";
export {
  CALENDAR_MAX_DAYS,
  type CalendarDay,
  type CalendarQuery,
  type CalendarResponse,
  calendarDaySchema,
  calendarQuerySchema,
  calendarResponseSchema,
} from "./api/calendar.js";
export {
  type DeleteQuery,
  deleteQuerySchema,
  hasSomeField,
  isoDateSchema,
  objectIdSchema,
  opIdSchema,
  queryIntSchema,
  utcOffsetQuerySchema,
} from "./api/common.js";
export {
  type CreateFolderInput,
  createFolderInputSchema,
  type FolderChanges,
  type FolderIdParams,
  type FolderResponse,
  type FoldersResponse,
  folderChangesSchema,
  folderIdParamsSchema,
  folderResponseSchema,
  foldersResponseSchema,
  folderTitleSchema,
  type ReorderFoldersInput,
  reorderFoldersInputSchema,
  repetitionValueSchema,
  type UpdateFolderInput,
  updateFolderInputSchema,
} from "./api/folders.js";
export {
  HOME_REVIEW_LIST_DEFAULT,
  HOME_REVIEW_LIST_MAX,
  type HomeReviewItem,
  type HomeReviewListQuery,
  type HomeReviewListResponse,
  homeReviewItemSchema,
  homeReviewListQuerySchema,
  homeReviewListResponseSchema,
} from "./api/home.js";
export {
  type ListLogsQuery,
  LOGS_PAGE_DEFAULT,
  LOGS_PAGE_MAX,
  type LogsResponse,
  listLogsQuerySchema,
  logsResponseSchema,
  type RecordLogResponse,
  recordLogResponseSchema,
  type StoredLogEntry,
  storedLogEntrySchema,
} from "./api/logs.js";
export {
  type ChangePriorityInput,
  type CompleteMemoInput,
  type CreateMemoInput,
  changePriorityInputSchema,
  completeMemoInputSchema,
  createMemoInputSchema,
  type ListMemosQuery,
  type ListMemosResponse,
  listMemosQuerySchema,
  listMemosResponseSchema,
  MEMO_PAGE_DEFAULT,
  type MemoChanges,
  type MemoDetail,
  type MemoIdParams,
  type MemoOpInput,
  type MemoResponse,
  type MemoShare,
  type MemoShareResponse,
  type MemoSummary,
  type MemoSummaryResponse,
  type MoveMemoInput,
  memoChangesSchema,
  memoContentsSchema,
  memoDetailSchema,
  memoIdParamsSchema,
  memoOpInputSchema,
  memoResponseSchema,
  memoShareResponseSchema,
  memoShareSchema,
  memoSummaryResponseSchema,
  memoSummarySchema,
  memoTitleSchema,
  moveMemoInputSchema,
  type PublicMemo,
  type PublicMemoParams,
  type PublicMemoResponse,
  publicMemoParamsSchema,
  publicMemoResponseSchema,
  publicMemoSchema,
  type ReviewMemoInput,
  reviewMemoInputSchema,
  type UpdateMemoInput,
  type UpdateMemoResponse,
  updateMemoInputSchema,
  updateMemoResponseSchema,
} from "./api/memos.js";
export {
  type AddSubjectsInput,
  type AddSubjectsResponse,
  addSubjectsInputSchema,
  addSubjectsResponseSchema,
  type HideSubjectInput,
  hideSubjectInputSchema,
  type ListSubjectsQuery,
  listSubjectsQuerySchema,
  SUBJECT_ADDITIONS_PER_DAY,
  SUBJECT_NAME_MAX,
  SUBJECTS_ADD_MAX,
  SUBJECTS_PAGE_DEFAULT,
  SUBJECTS_PAGE_MAX,
  type SubjectsResponse,
  subjectsResponseSchema,
} from "./api/subjects.js";
export {
  SYNC_OPS_MAX,
  SYNC_PAGE_MAX,
  type SyncChange,
  type SyncChangesQuery,
  type SyncChangesResponse,
  type SyncDeletion,
  type SyncedMemo,
  type SyncOp,
  type SyncOpKind,
  type SyncOpResult,
  type SyncOpsInput,
  type SyncOpsResponse,
  syncChangesQuerySchema,
  syncChangesResponseSchema,
  syncDeletionSchema,
  syncedMemoSchema,
  syncOpResultSchema,
  syncOpSchema,
  syncOpsInputSchema,
  syncOpsResponseSchema,
} from "./api/sync.js";
export {
  type SaveScratchTextInput,
  type ScratchText,
  type ScratchTextResponse,
  saveScratchTextInputSchema,
  scratchTextResponseSchema,
  scratchTextSchema,
} from "./api/text.js";
export { cacheFreshness } from "./cache/cache-freshness.js";
export { RANDOM_ID_ALPHABET, randomId } from "./common/random-id.js";
export { parseOrThrow } from "./common/validation.js";
export {
  ADMIN_PLAN,
  ANONYMOUS_EMAIL,
  COUNTRY_CODES,
  type CountryCode,
  countryCodeSchema,
  DAY_MS,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_LANGUAGE,
  DEFAULT_REPETITION_VALUE,
  defaultCountryCode,
  LANGUAGES,
  type Language,
  languageSchema,
  OFFLINE_CACHE_BYTES,
  REVIEWED_TODAY_SHIFT,
  ROOT_FOLDER_ID,
} from "./constants.js";
export { AppError, ErrorCode, isErrorCode, type ValidationIssue } from "./errors.js";
export { type Folder, folderSchema } from "./folder/folder.schema.js";
export { type FolderTreeRow, foldersInTreeOrder, withFolderTree } from "./folder/folder-tree.js";
export {
  LOG_CODE_MAX,
  LOG_COUNTRY_MAX,
  LOG_MESSAGE_MAX,
  type LogEntry,
  type LogEntryInput,
  logEntryInputSchema,
  logEntrySchema,
} from "./log/log-entry.schema.js";
export { mergeHomeReviewList } from "./memo/home-list.js";
export { type Memo, memoSchema } from "./memo/memo.schema.js";
export { memoPageKey, memoSortingValue, sortMemosWithValues } from "./memo/memo-list.js";
export { isEmptyRichText, previewFromHtml } from "./memo/preview.js";
export { sharedMemoPath } from "./memo/shared-memo.js";
export {
  memoSortKey,
  repetitionDueKey,
  repetitionScore,
  SORT_MODES,
  type SortMode,
  sortMemos,
  sortModeSchema,
  startOfDay,
} from "./memo/sorting.js";
export {
  applyComplete,
  applyReview,
  applyUncomplete,
  changePriority,
  summarizeReviews,
} from "./review/review.js";
export { normalizeSubjectName, planSubjectAdditions } from "./subject/add-subjects.js";
export { type Subject, subjectSchema } from "./subject/subject.schema.js";
export {
  DEV_ADMIN_IDENTITIES,
  isAdmin,
  type User,
  type UserSummary,
  userSchema,
  userSummarySchema,
} from "./user/user.schema.js";
