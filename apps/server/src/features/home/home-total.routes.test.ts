import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFolder, buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../../../test/helpers/users.js";
import { migrateToLatest } from "../../db/migrate.js";
import { migrations } from "../../db/migrations/index.js";

// The home list's `total` is summed from per-folder counts that triggers keep (see the
// folder-memo-counts migration). Whatever writes the memos, the counts must answer what the memos
// say, and the total what the COUNT it replaced says: memos of folders on home, less completed
// ones of folders with the completion feature.

let server: TestServer;
let user: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: "error" } });
  user = await signUpVerified(server);
});
afterAll(async () => {
  await server.close();
});

/** The counts the triggers keep, and what a scan of the memos says, per folder. */
async function countsAndMemos(userId: string) {
  const kysely = server.db.kysely;
  const counts = await kysely
    .selectFrom("folder_memo_counts")
    .select(["folder_id", "memos", "completed"])
    .where("user_id", "=", userId)
    .where("memos", "<>", 0)
    .orderBy("folder_id")
    .execute();
  const scanned = await kysely
    .selectFrom("memos")
    .select([
      "folder_id",
      sql<number | string>`count(*)`.as("memos"),
      sql<number | string>`sum(case when completed_count > 0 then 1 else 0 end)`.as("completed"),
    ])
    .where("user_id", "=", userId)
    .groupBy("folder_id")
    .orderBy("folder_id")
    .execute();
  const normal = (rows: { folder_id: string; memos: unknown; completed: unknown }[]) =>
    rows.map((row) => [row.folder_id, Number(row.memos), Number(row.completed)]);
  return { counts: normal(counts), scanned: normal(scanned) };
}

/** The COUNT the home total used to be: the same rule over every memo row. */
async function totalByScan(userId: string): Promise<number> {
  const row = await server.db.kysely
    .selectFrom("memos as m")
    .innerJoin("folders as f", (join) =>
      join.onRef("f.user_id", "=", "m.user_id").onRef("f.id", "=", "m.folder_id"),
    )
    .select(sql<number | string>`count(*)`.as("n"))
    .where("m.user_id", "=", userId)
    .where("f.show_at_home_review_list", "=", 1)
    .where((eb) =>
      eb.or([eb("m.completed_count", "=", 0), eb("f.enable_completion_feature", "=", 0)]),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Counts equal to the memos, and the home total equal to the scan; answers the total. */
async function expectTrueTotal(): Promise<number> {
  const { counts, scanned } = await countsAndMemos(user.userId);
  expect(counts).toEqual(scanned);
  const response = await user.client.get("/api/home/review-list?limit=1");
  expect(response.status).toBe(200);
  const expected = await totalByScan(user.userId);
  expect(response.body.total).toBe(expected);
  return expected;
}

describe("the home list's total", () => {
  it("follows creates, moves, completions, deletes, restores and folder settings", async () => {
    const { client } = user;
    const done = await buildFolder(client, { title: "완료 Done", enableCompletionFeature: true });
    const plain = await buildFolder(client, { title: "Plain" });
    const hidden = await buildFolder(client, { title: "숨김", showAtHomeReviewList: false });
    const memos = [];
    for (const [index, folder] of [done, done, done, plain, plain, hidden].entries()) {
      memos.push(await buildMemo(client, { folderId: folder.id, title: `memo ${index}` }));
    }
    const [a, b, c, d, , f] = memos as { id: string }[];
    if (!a || !b || !c || !d || !f) throw new Error("memos missing");
    expect(await expectTrueTotal()).toBe(5);

    const complete = (id: string) =>
      client.post(`/api/memos/${id}/complete`, { opId: newOpId("total") });
    expect((await complete(a.id)).status).toBeLessThan(300);
    // A second completion of a completed memo changes no count (its completed_count is 2).
    expect((await complete(a.id)).status).toBeLessThan(300);
    expect((await complete(d.id)).status).toBeLessThan(300);
    expect(await expectTrueTotal()).toBe(4);

    // Moved: a completed memo into a folder without the feature counts again, and out of home.
    const move = (id: string, folderId: string) =>
      client.post(`/api/memos/${id}/move`, { folderId, opId: newOpId("move") });
    expect((await move(a.id, plain.id)).status).toBeLessThan(300);
    expect(await expectTrueTotal()).toBe(5);
    expect((await move(b.id, hidden.id)).status).toBeLessThan(300);
    expect(await expectTrueTotal()).toBe(4);

    expect(
      (await client.post(`/api/memos/${a.id}/uncomplete`, { opId: newOpId("u") })).status,
    ).toBeLessThan(300);
    // One of its two completions undone: still completed.
    expect(await expectTrueTotal()).toBe(4);

    // Folder settings: the completion feature on, a folder off home and back.
    const patch = (id: string, body: Record<string, unknown>) =>
      client.patch(`/api/folders/${id}`, body);
    expect((await patch(plain.id, { enableCompletionFeature: true })).status).toBe(200);
    expect(await expectTrueTotal()).toBe(2);
    expect((await patch(hidden.id, { showAtHomeReviewList: true })).status).toBe(200);
    expect(await expectTrueTotal()).toBe(4);

    // Trash: a memo and a whole folder out, then back.
    expect((await client.delete(`/api/memos/${c.id}`)).status).toBeLessThan(300);
    expect(await expectTrueTotal()).toBe(3);
    expect((await client.delete(`/api/folders/${hidden.id}`)).status).toBeLessThan(300);
    expect(await expectTrueTotal()).toBe(1);
    const restore = (kind: string, id: string) =>
      client.post("/api/trash/restore", { kind, id, opId: newOpId("restore") });
    expect((await restore("folder", hidden.id)).status).toBeLessThan(300);
    expect((await restore("memo", c.id)).status).toBeLessThan(300);
    expect(await expectTrueTotal()).toBe(4);

    // The same changes through the sync batch.
    const batch = await client.post("/api/sync/ops", {
      ops: [
        { kind: "memo.complete", opId: newOpId("s"), memoId: f.id },
        { kind: "memo.move", opId: newOpId("s"), memoId: c.id, folderId: plain.id },
        { kind: "memo.delete", opId: newOpId("s"), memoId: d.id },
      ],
    });
    expect(batch.status).toBe(200);
    await expectTrueTotal();
  });

  it("is counted from the memos already there when the migration runs", async () => {
    const migrator = new Migrator({
      db: server.db.kysely,
      provider: { getMigrations: async () => migrations },
    });
    const down = await migrator.migrateTo("20261203T0000-import-heartbeats");
    if (down.error) throw down.error;
    // Memos written while no trigger counts them: the migration counts what is there.
    const folder = await buildFolder(user.client, { title: "이전 Before" });
    for (let i = 0; i < 3; i++) await buildMemo(user.client, { folderId: folder.id });
    await migrateToLatest(server.db);
    const total = await expectTrueTotal();
    expect(total).toBeGreaterThan(3);
  });

  it("leaves no count behind when the account is deleted", async () => {
    const other = await signUpVerified(server);
    const folder = await buildFolder(other.client, { title: "Gone" });
    await buildMemo(other.client, { folderId: folder.id });
    const deleted = await other.client.post("/api/auth/delete-user", {
      password: other.password,
    });
    expect(deleted.status).toBeLessThan(300);
    const left = await server.db.kysely
      .selectFrom("folder_memo_counts")
      .select("folder_id")
      .where("user_id", "=", other.userId)
      .execute();
    expect(left).toEqual([]);
  });
});
