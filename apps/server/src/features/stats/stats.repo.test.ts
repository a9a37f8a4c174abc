import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialect, startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { folderReviewCountsQuery } from "./stats.repo.js";

// The stats screen's retention per FSRS folder took 2.7 s on a year of reviews because SQLite
// started from every review of the user in the range (memo_reviews_day_idx) instead of from the
// folders' memos. The plan is what matters, so this reads it; PostgreSQL plans by statistics and
// has no stable plan text to compare.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe.runIf(dialect === "sqlite")("retention per FSRS folder (SQLite plan)", () => {
  it("reads the folders' memos first, then each memo's reviews, never the day index", async () => {
    const db = server.db.kysely;
    const query = folderReviewCountsQuery(db, "user", ["folder-a", "folder-b"], 0, 1e13).compile();
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
    );
    const steps = plan.rows.map((row) => row.detail);
    const memos = steps.findIndex((step) =>
      /^SEARCH m USING .*\(user_id=\? AND folder_id=\?/.test(step),
    );
    const reviews = steps.findIndex((step) => step.includes("memo_reviews_memo_idx"));
    expect(steps.join("\n")).not.toContain("memo_reviews_day_idx");
    expect(memos, steps.join("\n")).toBeGreaterThanOrEqual(0);
    expect(reviews, steps.join("\n")).toBeGreaterThan(memos);
  });
});
