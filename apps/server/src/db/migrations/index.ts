import type { Migration } from "kysely/migration";
import * as createAuthTables from "./20261123T0000-create-auth-tables.js";
import * as createAppTables from "./20261123T0100-create-app-tables.js";
import * as shareMemosAndScratchTexts from "./20261124T0000-share-memos-and-scratch-texts.js";
import * as syncChanges from "./20261125T0000-sync-changes.js";
import * as memoShareTokens from "./20261126T0100-memo-share-tokens.js";
import * as subjectAdditions from "./20261126T0200-subject-additions.js";
import * as authLimits from "./20261126T0300-auth-limits.js";
import * as readinessChecks from "./20261127T0000-readiness-checks.js";
import * as searchIndex from "./20261128T0000-search-index.js";
import * as fsrsScheduler from "./20261128T0100-fsrs-scheduler.js";
import * as statsAndReminders from "./20261128T0200-stats-and-reminders.js";
import * as attachments from "./20261129T0000-attachments.js";
import * as searchSortColumns from "./20261129T0100-search-sort-columns.js";
import * as imports from "./20261130T0000-imports.js";
import * as trash from "./20261201T0000-trash.js";
import * as folderReviewCounts from "./20261202T0000-folder-review-counts.js";
import * as searchIndexQueue from "./20261202T0100-search-index-queue.js";
import * as importHeartbeats from "./20261203T0000-import-heartbeats.js";
import * as folderMemoCounts from "./20261204T0000-folder-memo-counts.js";
import * as statsDaySums from "./20261205T0000-stats-day-sums.js";
import * as reviewCountOrder from "./20261206T0000-review-count-order.js";
import * as statsFolderBlocks from "./20261207T0000-stats-folder-blocks.js";
import * as reindexLoneSurrogateTags from "./20261208T0000-reindex-lone-surrogate-tags.js";

/** Every migration by name; Kysely applies them in name (timestamp) order. */
export const migrations: Record<string, Migration> = {
  "20261123T0000-create-auth-tables": createAuthTables,
  "20261123T0100-create-app-tables": createAppTables,
  "20261124T0000-share-memos-and-scratch-texts": shareMemosAndScratchTexts,
  "20261125T0000-sync-changes": syncChanges,
  "20261126T0100-memo-share-tokens": memoShareTokens,
  "20261126T0200-subject-additions": subjectAdditions,
  "20261126T0300-auth-limits": authLimits,
  "20261127T0000-readiness-checks": readinessChecks,
  "20261128T0000-search-index": searchIndex,
  "20261128T0100-fsrs-scheduler": fsrsScheduler,
  "20261128T0200-stats-and-reminders": statsAndReminders,
  "20261129T0000-attachments": attachments,
  "20261129T0100-search-sort-columns": searchSortColumns,
  "20261130T0000-imports": imports,
  "20261201T0000-trash": trash,
  "20261202T0000-folder-review-counts": folderReviewCounts,
  "20261202T0100-search-index-queue": searchIndexQueue,
  "20261203T0000-import-heartbeats": importHeartbeats,
  "20261204T0000-folder-memo-counts": folderMemoCounts,
  "20261205T0000-stats-day-sums": statsDaySums,
  "20261206T0000-review-count-order": reviewCountOrder,
  "20261207T0000-stats-folder-blocks": statsFolderBlocks,
  "20261208T0000-reindex-lone-surrogate-tags": reindexLoneSurrogateTags,
};
