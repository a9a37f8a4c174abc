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
  type Attachment,
  type AttachmentIdParams,
  type AttachmentResponse,
  attachmentIdParamsSchema,
  attachmentResponseSchema,
  attachmentSchema,
  type PublicAttachmentParams,
  publicAttachmentParamsSchema,
  type UploadAttachmentFields,
  uploadAttachmentFieldsSchema,
} from "./api/attachments.js";
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
  FSRS_OPTIMIZATION_STATUSES,
  FSRS_OPTIMIZE_MIN_REVIEWS,
  type FsrsOptimization,
  type FsrsParametersResponse,
  fsrsOptimizationSchema,
  fsrsParametersResponseSchema,
} from "./api/fsrs.js";
export {
  HOME_REVIEW_LIST_DEFAULT,
  HOME_REVIEW_LIST_MAX,
  type HomeListCursor,
  type HomeReviewItem,
  type HomeReviewListQuery,
  type HomeReviewListResponse,
  homeListCursorSchema,
  homeReviewItemSchema,
  homeReviewListQuerySchema,
  homeReviewListResponseSchema,
} from "./api/home.js";
export {
  type ExportQuery,
  exportQuerySchema,
  type ImportIdParams,
  type ImportJob,
  type ImportListResponse,
  type ImportReport,
  type ImportResponse,
  importIdParamsSchema,
  importJobSchema,
  importListResponseSchema,
  importReportSchema,
  importResponseSchema,
} from "./api/imports.js";
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
  type CompletionParams,
  type CreateMemoInput,
  changePriorityInputSchema,
  completeMemoInputSchema,
  completionParamsSchema,
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
  type ReviewParams,
  reviewMemoInputSchema,
  reviewParamsSchema,
  type UpdateMemoInput,
  type UpdateMemoResponse,
  updateMemoInputSchema,
  updateMemoResponseSchema,
} from "./api/memos.js";
export {
  type ReminderUnsubscribeInput,
  reminderUnsubscribeInputSchema,
} from "./api/reminders.js";
export {
  REVIEW_QUEUE_DEFAULT,
  REVIEW_QUEUE_MAX,
  REVIEW_QUEUE_SOURCES,
  type ReviewQueueItem,
  type ReviewQueueQuery,
  type ReviewQueueResponse,
  reviewQueueItemSchema,
  reviewQueueQuerySchema,
  reviewQueueResponseSchema,
} from "./api/review.js";
export {
  SEARCH_PAGE_DEFAULT,
  SEARCH_QUERY_MAX,
  type SearchQueryInput,
  type SearchResponse,
  type SearchResult,
  searchQuerySchema,
  searchResponseSchema,
  searchResultSchema,
  type TagCount,
  type TagsResponse,
  tagCountSchema,
  tagsResponseSchema,
} from "./api/search.js";
export {
  STATS_FORECAST_DAYS,
  STATS_MAX_DAYS,
  STATS_WINDOWS,
  type StatsDay,
  type StatsFolderRetention,
  type StatsForecastDay,
  type StatsQuery,
  type StatsResponse,
  type StatsWindow,
  statsDaySchema,
  statsFolderRetentionSchema,
  statsForecastDaySchema,
  statsQuerySchema,
  statsResponseSchema,
  statsWindowSchema,
} from "./api/stats.js";
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
export {
  type RestoreTrashInput,
  type RestoreTrashResponse,
  restoreTrashInputSchema,
  restoreTrashResponseSchema,
  TRASH_RETENTION_MS,
  type TrashItem,
  type TrashItemParams,
  type TrashKind,
  type TrashListResponse,
  trashItemParamsSchema,
  trashItemSchema,
  trashKindSchema,
  trashListResponseSchema,
} from "./api/trash.js";
export {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_PATH_PREFIX,
  ATTACHMENT_SRC,
  ATTACHMENT_TYPES,
  type AttachmentType,
  attachmentIdsIn,
  attachmentPath,
  sniffImageType,
} from "./attachment/attachment.js";
export { cacheFreshness } from "./cache/cache-freshness.js";
export { escapeHtml, unescapeHtml } from "./common/html-escape.js";
export { RANDOM_ID_ALPHABET, randomId } from "./common/random-id.js";
export { parseOrThrow } from "./common/validation.js";
export {
  ADMIN_PLAN,
  ANONYMOUS_EMAIL,
  COUNTRY_CODES,
  type CountryCode,
  DAY_MS,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_LANGUAGE,
  DEFAULT_REPETITION_VALUE,
  defaultCountryCode,
  LANGUAGES,
  type Language,
  OFFLINE_CACHE_BYTES,
  REVIEWED_TODAY_SHIFT,
  ROOT_FOLDER_ID,
} from "./constants.js";
export { countryCodeSchema, languageSchema } from "./constants.schema.js";
export { AppError, ErrorCode, isErrorCode, type ValidationIssue } from "./errors.js";
export { type Folder, folderSchema, parseImportedFolder } from "./folder/folder.schema.js";
export { type FolderTreeRow, foldersInTreeOrder, withFolderTree } from "./folder/folder-tree.js";
export {
  EXPORT_FORMATS,
  type ExportFormat,
  IMPORT_ATTACHMENT_SRC_PREFIX,
  IMPORT_FORMATS,
  IMPORT_MAX_BYTES,
  IMPORT_SKIP_REASONS,
  type ImportBundle,
  type ImportedAttachment,
  type ImportedFolder,
  type ImportedMemo,
  type ImportedReview,
  type ImportFormat,
  type ImportSkip,
  type ImportSkipReason,
  importAttachmentSrc,
} from "./import/import-bundle.js";
export {
  type LogEntry,
  type LogEntryInput,
  logEntryInputSchema,
  logEntrySchema,
} from "./log/log-entry.schema.js";
export { LOG_CODE_MAX, LOG_COUNTRY_MAX, LOG_MESSAGE_MAX } from "./log/log-limits.js";
export {
  type HomeListPosition,
  homeDueKeyFloor,
  isAfterHomePosition,
  isHomeListEligible,
  mergeHomeReviewList,
} from "./memo/home-list.js";
export { type Memo, memoSchema, parseImportedMemo } from "./memo/memo.schema.js";
export { memoPageKey, memoSortingValue, sortMemosWithValues } from "./memo/memo-list.js";
export { isEmptyRichText, previewFromHtml, textFromHtml } from "./memo/preview.js";
export { sharedMemoPath } from "./memo/shared-memo.js";
export {
  memoSortKey,
  type RecallSortable,
  repetitionDueKey,
  repetitionScore,
  retrievabilityKey,
  SORT_MODES,
  type SortMode,
  shiftedReviewCount,
  sortMemos,
  startOfDay,
} from "./memo/sorting.js";
export { sortModeSchema } from "./memo/sorting.schema.js";
export {
  compareFsrsRows,
  DEFAULT_FSRS_WEIGHTS,
  effectiveGrade,
  type FsrsOptions,
  type FsrsPreview,
  type FsrsReviewRow,
  fsrsRetrievability,
  fsrsStateFromReviews,
  newFsrsMemory,
  nextFsrsMemory,
  previewFsrsGrades,
} from "./review/fsrs.js";
export {
  applyComplete,
  applyReview,
  applyUncomplete,
  changePriority,
  isMemoCompleted,
  summarizeReviews,
} from "./review/review.js";
export {
  DEFAULT_DESIRED_RETENTION,
  DEFAULT_FSRS_GRADE,
  DEFAULT_SCHEDULER,
  DESIRED_RETENTION_MAX,
  DESIRED_RETENTION_MIN,
  desiredRetentionSchema,
  FSRS_GRADES,
  FSRS_STATES,
  FSRS_WEIGHT_COUNT,
  type FsrsGrade,
  type FsrsMemory,
  type FsrsMemoState,
  type FsrsStateName,
  fsrsGradeSchema,
  fsrsMemoStateSchema,
  fsrsWeightsSchema,
  SCHEDULERS,
  type Scheduler,
  schedulerSchema,
} from "./review/scheduler.js";
export {
  type FoldedText,
  foldSearchText,
  foldSearchTextWithOffsets,
  isCjkChar,
  isWordChar,
} from "./search/fold.js";
export {
  compareSearchHits,
  type FoldedMemo,
  findTermRanges,
  foldSearchableMemo,
  isNarrowerSearch,
  isWholeWordTerm,
  type JoinedFoldedMemo,
  joinedFoldedMemoOf,
  joinedMemoTags,
  joinFoldedMemo,
  memoMatchesSearch,
  memoSearchTokens,
  pageOfSearchHits,
  rankSearchMatch,
  type SearchableMemo,
  type SearchHit,
  type SearchHitRank,
  type SearchMatcher,
  searchableMemoText,
  searchMatcher,
  toSearchHit,
} from "./search/match.js";
export {
  hasSearchCriteria,
  parseSearchQuery,
  type SearchQuery,
  searchQueryTokens,
} from "./search/query.js";
export {
  generateSearchCorpus,
  SEARCH_CORPUS_QUERIES,
  type SearchCorpusMemo,
} from "./search/search-corpus.js";
export {
  memoSearchSnippet,
  SEARCH_SNIPPET_LENGTH,
  type SnippetPart,
  searchSnippet,
  snippetParts,
} from "./search/snippet.js";
export {
  MEMO_TAGS_MAX,
  memoTagSchema,
  memoTagsInputSchema,
  normalizeTag,
  normalizeTags,
  TAG_LENGTH_MAX,
  tagKey,
} from "./search/tags.js";
export { searchTermTokens, searchTokens } from "./search/tokens.js";
export {
  type CalendarEvent,
  type CalendarEvents,
  calendarDays,
  calendarSpan,
} from "./stats/calendar-days.js";
export {
  type DayCount,
  type FolderReviewCount,
  reviewStreaks,
  type StatsCounts,
  type StatsDueRow,
  type StatsFolder,
  type StatsReviewRow,
  type StatsSpan,
  statsFromRows,
  statsSpan,
  summarizeStats,
} from "./stats/stats.js";
export {
  dateOfDayNumber,
  dayNumberOfDate,
  isTimeZone,
  localDateTime,
  localDayNumber,
  type OffsetSegment,
  offsetSegments,
  startOfLocalDay,
  startOfLocalDayNumber,
  utcOffsetMinutesAt,
} from "./stats/time-zone.js";
export { timeZoneSchema } from "./stats/time-zone.schema.js";
export { normalizeSubjectName, planSubjectAdditions } from "./subject/add-subjects.js";
export { type Subject, subjectSchema } from "./subject/subject.schema.js";
export { restoredMemoFolderId, restoredParentFolderId } from "./trash/restore-place.js";
export {
  DEFAULT_REMINDER_TIME,
  dueReminderDate,
  REMINDER_CATCH_UP_MINUTES,
  REMINDER_DIGEST_TITLES,
} from "./user/reminder.js";
export {
  type ReminderSettings,
  reminderSettingsSchema,
  reminderTimeSchema,
} from "./user/reminder.schema.js";
export {
  DEV_ADMIN_IDENTITIES,
  isAdmin,
  type User,
  type UserSummary,
  userSchema,
  userSummarySchema,
} from "./user/user.schema.js";
