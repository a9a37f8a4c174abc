import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialect, startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { folderReviewCountsQuery } from "./stats.repo.js";

// The stats screen's retention per FSRS folder read every review of the folders' memos in the
// range: 40–50 ms of a year's 52 on the bench, and 2.7 s while SQLite started from every review of
// the user instead. It now sums the folders' quarter counts; what keeps it fast is that it reads
// only those, each folder's as one range of the primary key. The plan is what matters, so this
// reads it; PostgreSQL plans by statistics and has no stable plan text to compare.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe.runIf(dialect === "sqlite")("retention per FSRS folder (SQLite plan)", () => {
  it("reads each folder's quarters in the range by the primary key, and no review or memo rows", async () => {
    const db = server.db.kysely;
    const query = folderReviewCountsQuery(db, "user", ["folder-a", "folder-b"], 0, 1e13).compile();
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
    );
    const steps = plan.rows.map((row) => row.detail);
    const tableSteps = steps.filter((step) => /^(SCAN|SEARCH) /.test(step));
    expect(tableSteps, steps.join("\n")).toEqual([
      expect.stringMatching(
        /^SEARCH folder_review_quarter_counts USING PRIMARY KEY \(user_id=\? AND folder_id=\? AND quarter>\? AND quarter<\?\)$/,
      ),
      // The folder id list (value-list.ts) read by the primary key search above.
      expect.stringMatching(/^SCAN json_each VIRTUAL TABLE/),
    ]);
  });
});
