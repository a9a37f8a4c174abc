import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialect, startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import {
  dueInIntervalsQuery,
  folderReviewCountsQuery,
  reviewsBeforeInDayQuery,
} from "./stats.repo.js";

// The stats screen's retention per FSRS folder read every review of the folders' memos in the
// range: 40–50 ms of a year's 52 on the bench, and 2.7 s while SQLite started from every review of
// the user instead. It then summed the folders' quarter counts (8.5 ms of a year at 100,000
// memos), then their day counts with the quarters of the two partial days, and now their counts
// per block of 16 days (a year at 100,000 memos: 0.76 → 0.22 ms); what keeps it fast
// is that it reads only those, each folder's as ranges of a primary key. The plan is what
// matters, so this reads it; PostgreSQL plans by statistics and has no stable plan text to
// compare.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** The table steps of the SQLite plan of `query`. */
async function planSteps(query: { sql: string; parameters: readonly unknown[] }) {
  const plan = await server.db.kysely.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
  );
  const steps = plan.rows.map((row) => row.detail);
  return { steps, tableSteps: steps.filter((step) => /^(SCAN|SEARCH) /.test(step)) };
}

describe.runIf(dialect === "sqlite")("reviews per local day (SQLite plan)", () => {
  // A year's histogram read all of the user's quarter counts of the year (32,000 rows, 12.8 ms at
  // 100,000 memos); it now reads one row per pair of quarters, through the primary key.
  it("seeks the last quarter count before each pair's end, and reads nothing else", async () => {
    const query = reviewsBeforeInDayQuery(server.db.kysely, "user", [
      [96, 192],
      [192, 230],
    ]).compile();
    const { steps, tableSteps } = await planSteps(query);
    expect(tableSteps, steps.join("\n")).toEqual([
      expect.stringMatching(/^SCAN json_each VIRTUAL TABLE/),
      "SEARCH c USING PRIMARY KEY (user_id=? AND quarter>? AND quarter<?)",
    ]);
    expect(steps.join("\n")).not.toMatch(/TEMP B-TREE/);
  });
});

describe.runIf(dialect === "sqlite")("retention per FSRS folder (SQLite plan)", () => {
  it("reads each folder's whole blocks of days, the days around them and the quarters of its partial days by primary keys, and no review or memo rows", async () => {
    const db = server.db.kysely;
    // A year from a quarter past 10:00 UTC: partial days and blocks at both ends.
    const start = Date.UTC(2025, 10, 23, 10, 15);
    const query = folderReviewCountsQuery(
      db,
      "user",
      ["folder-a", "folder-b"],
      start,
      start + 365 * 86_400_000,
    ).compile();
    const { steps, tableSteps } = await planSteps(query);
    const folderIds = expect.stringMatching(/^SCAN json_each VIRTUAL TABLE/);
    expect(tableSteps, steps.join("\n")).toEqual([
      "SEARCH folder_review_block_counts USING PRIMARY KEY (user_id=? AND folder_id=? AND block>? AND block<?)",
      // The folder id list (value-list.ts) read by the primary key search above.
      folderIds,
      "SEARCH folder_review_day_counts USING PRIMARY KEY (user_id=? AND folder_id=? AND day>? AND day<?)",
      folderIds,
      "SEARCH folder_review_day_counts USING PRIMARY KEY (user_id=? AND folder_id=? AND day>? AND day<?)",
      folderIds,
      "SEARCH folder_review_quarter_counts USING PRIMARY KEY (user_id=? AND folder_id=? AND quarter>? AND quarter<?)",
      folderIds,
      "SEARCH folder_review_quarter_counts USING PRIMARY KEY (user_id=? AND folder_id=? AND quarter>? AND quarter<?)",
      folderIds,
      // The union's rows, grouped by folder.
      "SCAN counts",
    ]);
  });
});

describe.runIf(dialect === "sqlite")("FSRS memos due per local day (SQLite plan)", () => {
  // The forecast grouped the memos due within 30 days by a local day computed per row, which
  // sorted them in a temporary B-tree; each local day is now a range of memo_fsrs_due_idx.
  it("counts each interval of due times on the due index, and sorts nothing", async () => {
    const query = dueInIntervalsQuery(server.db.kysely, "user", [
      [0, 86_400_000],
      [86_400_000, 2 * 86_400_000],
    ]).compile();
    const { steps, tableSteps } = await planSteps(query);
    expect(tableSteps, steps.join("\n")).toEqual([
      expect.stringMatching(/^SCAN json_each VIRTUAL TABLE/),
      "SEARCH memo_fsrs USING COVERING INDEX memo_fsrs_due_idx (user_id=? AND due>? AND due<?)",
    ]);
    expect(steps.join("\n")).not.toMatch(/TEMP B-TREE/);
  });
});
