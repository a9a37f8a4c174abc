import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { dialect, startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../../../test/helpers/users.js";
import { insertRunningImport } from "./imports.repo.js";

/** 2026-11-23 03:00 UTC. */
const T0 = Date.UTC(2026, 10, 23, 3, 0, 0);
const DAY = 86_400_000;

let server: TestServer;
const clock = T0;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

/** A Firestore-style export of the original app: folders and memos under private/{uid}. */
function firestoreExport(uid: string, options: { memos?: Record<string, unknown> } = {}) {
  const memos = options.memos ?? {
    memoKo0000000000001: {
      title: "한국어 단어",
      contents: "<p>사과 <strong>apple</strong></p>",
      tags: ["#어휘", "Korean"],
      folderId: "folderLang00000000001",
      userId: uid,
      createdAt: { seconds: (T0 - 30 * DAY) / 1000, nanoseconds: 0 },
      updatedAt: "2026-11-01T00:00:00.000Z",
      readCount: 2,
      accumulatedReadRepetitionValue: 10,
      reviewedDates: [T0 - 20 * DAY, T0 - 10 * DAY],
      completedDates: [T0 - 5 * DAY],
      flashCardHint: "과일",
    },
    memoEn0000000000001: {
      title: "English word",
      contents: "<p>serendipity</p>",
      folderId: "root",
      userId: uid,
      createdAt: T0 - 3 * DAY,
      updatedAt: T0 - 3 * DAY,
    },
  };
  return {
    __collections__: {
      private: {
        [uid]: {
          __collections__: {
            folders: {
              folderLang00000000001: {
                title: "언어",
                isMemoFolder: false,
                pinned: true,
                dateRepetitionValue: 3,
                createdAt: T0 - 40 * DAY,
              },
            },
            memos,
          },
        },
      },
    },
  };
}

function fileForm(bytes: Uint8Array | string, name = "export.json"): FormData {
  const form = new FormData();
  form.append("file", new Blob([bytes]), name);
  return form;
}

function jsonFile(value: unknown): string {
  return JSON.stringify(value);
}

async function waitForEnd(client: TestClient, importId: string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const response = await client.get(`/api/imports/${importId}`);
    expect(response.status).toBe(200);
    if (response.body.import.status !== "running") return response.body.import;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the import did not end");
}

async function importFile(client: TestClient, bytes: Uint8Array | string) {
  const response = await client.postForm("/api/imports", fileForm(bytes));
  expect(response.status).toBe(202);
  expect(response.body.import).toMatchObject({ status: "running", done: 0, report: null });
  return waitForEnd(client, response.body.import.id);
}

async function countRows(userId: string) {
  const count = async (table: "memos" | "folders" | "memo_reviews" | "memo_completions") => {
    const row = await server.db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    folders: await count("folders"),
    memos: await count("memos"),
    reviews: await count("memo_reviews"),
    completions: await count("memo_completions"),
  };
}

describe("POST /api/imports (the original app's export)", () => {
  let alice: SignedUpUser;
  beforeAll(async () => {
    alice = await signUpVerified(server);
  });

  it("imports folders, memos, reviews and completions with their ids and history", async () => {
    const job = await importFile(alice.client, jsonFile(firestoreExport(alice.userId)));
    expect(job).toMatchObject({ status: "done", errorCode: null });
    expect(job.done).toBe(job.total);
    expect(job.total).toBeGreaterThan(0);
    expect(job.report).toEqual({
      format: "original",
      folders: 1,
      memos: 2,
      reviews: 2,
      attachments: 0,
      skipped: [],
      skippedCount: 0,
    });
    const folder = await alice.client.get("/api/folders/folderLang00000000001");
    expect(folder.body.folder).toMatchObject({
      title: "언어",
      parentFolderId: null,
      sideNavPinned: true,
      dateRepetitionValue: 3,
    });
    const memo = await alice.client.get("/api/memos/memoKo0000000000001");
    expect(memo.status).toBe(200);
    expect(memo.body.memo).toMatchObject({
      title: "한국어 단어",
      folderId: "folderLang00000000001",
      tags: ["어휘", "Korean"],
      flashCardHint: "과일",
      reviewCount: 2,
      accumulatedReviewValue: 10,
      lastReviewedAt: T0 - 10 * DAY,
      completedCount: 1,
      createdAt: T0 - 30 * DAY,
      reviewedDates: [T0 - 20 * DAY, T0 - 10 * DAY],
      completedDates: [T0 - 5 * DAY],
    });
    expect(memo.body.memo.preview).toBe("사과 apple");
    const english = await alice.client.get("/api/memos/memoEn0000000000001");
    expect(english.body.memo.folderId).toBe("root");
  });

  it("shows the imported memos in the change feed and in search", async () => {
    const feed = await alice.client.get("/api/sync/changes");
    expect(feed.status).toBe(200);
    const ids = feed.body.memos.map((memo: { id: string }) => memo.id);
    expect(ids).toEqual(expect.arrayContaining(["memoKo0000000000001", "memoEn0000000000001"]));
    expect(feed.body.folders.map((f: { id: string }) => f.id)).toContain("folderLang00000000001");
    const search = await alice.client.get(`/api/search?q=${encodeURIComponent("사과")}`);
    expect(search.body.results.map((r: { id: string }) => r.id)).toEqual(["memoKo0000000000001"]);
    const tagged = await alice.client.get(`/api/search?tag=${encodeURIComponent("korean")}`);
    expect(tagged.body.results.map((r: { id: string }) => r.id)).toEqual(["memoKo0000000000001"]);
  });

  it("duplicates nothing when the same file comes again: everything ALREADY_IMPORTED", async () => {
    const before = await countRows(alice.userId);
    const job = await importFile(alice.client, jsonFile(firestoreExport(alice.userId)));
    expect(job.status).toBe("done");
    expect(job.report).toMatchObject({ folders: 0, memos: 0, reviews: 0, skippedCount: 3 });
    expect(job.report.skipped.map((s: { reason: string }) => s.reason)).toEqual([
      "ALREADY_IMPORTED",
      "ALREADY_IMPORTED",
      "ALREADY_IMPORTED",
    ]);
    expect(await countRows(alice.userId)).toEqual(before);
  });

  it("does not bring back a memo deleted here (DELETED_HERE)", async () => {
    const deleted = await alice.client.delete("/api/memos/memoEn0000000000001");
    expect(deleted.status).toBe(204);
    const job = await importFile(alice.client, jsonFile(firestoreExport(alice.userId)));
    expect(job.report.skipped).toContainEqual({ item: "English word", reason: "DELETED_HERE" });
    expect((await alice.client.get("/api/memos/memoEn0000000000001")).status).toBe(404);
  });

  it("adds the reviews made since, when a later export of the same data comes", async () => {
    const later = firestoreExport(alice.userId);
    const memos = later.__collections__.private[alice.userId]?.__collections__.memos as Record<
      string,
      Record<string, unknown>
    >;
    const korean = memos.memoKo0000000000001 as Record<string, unknown>;
    korean.reviewedDates = [T0 - 20 * DAY, T0 - 10 * DAY, T0 - 2 * DAY];
    korean.accumulatedReadRepetitionValue = 15;
    const job = await importFile(alice.client, jsonFile(later));
    expect(job.report).toMatchObject({ memos: 0, reviews: 1 });
    const memo = (await alice.client.get("/api/memos/memoKo0000000000001")).body.memo;
    expect(memo).toMatchObject({
      reviewCount: 3,
      accumulatedReviewValue: 15,
      lastReviewedAt: T0 - 2 * DAY,
    });
  });

  it("lists the user's imports newest first", async () => {
    const response = await alice.client.get("/api/imports");
    expect(response.status).toBe(200);
    expect(response.body.imports).toHaveLength(4);
    const times = response.body.imports.map((job: { createdAt: number }) => job.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe("POST /api/imports: refusals", () => {
  let bob: SignedUpUser;
  let carol: SignedUpUser;
  beforeAll(async () => {
    [bob, carol] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
  });

  it("requires a session", async () => {
    const client = server.client();
    const post = await client.postForm("/api/imports", fileForm(jsonFile({ memos: [] })));
    expect(post.status).toBe(401);
    expect((await client.get("/api/imports")).status).toBe(401);
    expect((await client.get("/api/imports/AAAAAAAAAAAAAAAAAAAA")).status).toBe(401);
  });

  it("answers 404 for another user's import and for an unknown one", async () => {
    const job = await importFile(bob.client, jsonFile({ memos: [] }));
    const other = await carol.client.get(`/api/imports/${job.id}`);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("IMPORT_NOT_FOUND");
    const unknown = await bob.client.get("/api/imports/AAAAAAAAAAAAAAAAAAAA");
    expect(unknown.body.error.code).toBe("IMPORT_NOT_FOUND");
    expect((await carol.client.get("/api/imports")).body.imports).toEqual([]);
  });

  it("refuses a file of no known format (415) and records no job", async () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    for (const bytes of [png, "그냥 글자", jsonFile([1, 2, 3])]) {
      const response = await carol.client.postForm("/api/imports", fileForm(bytes));
      expect(response.status).toBe(415);
      expect(response.body.error.code).toBe("IMPORT_FORMAT_UNKNOWN");
    }
    expect((await carol.client.get("/api/imports")).body.imports).toEqual([]);
  });

  it("refuses a zip that cannot be read (422) before any job", async () => {
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]);
    const response = await carol.client.postForm("/api/imports", fileForm(broken, "x.zip"));
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("IMPORT_FILE_DAMAGED");
  });

  it("fails the job of a damaged file (IMPORT_FILE_DAMAGED) and keeps nothing", async () => {
    const before = await countRows(carol.userId);
    const job = await importFile(carol.client, '{"memos": [{"title": "잘린');
    expect(job).toMatchObject({ status: "failed", errorCode: "IMPORT_FILE_DAMAGED", report: null });
    expect(job.finishedAt).toBe(clock);
    expect(await countRows(carol.userId)).toEqual(before);
  });

  it("refuses a second import while one runs (409)", async () => {
    // A running row exactly as a job in progress leaves it.
    await server.db.kysely
      .insertInto("imports")
      .values({
        user_id: carol.userId,
        id: "runningImport0000001",
        status: "running",
        format: "original",
        file_sha256: "0".repeat(64),
        created_at: clock,
      })
      .execute();
    const response = await carol.client.postForm("/api/imports", fileForm(jsonFile({ memos: [] })));
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("IMPORT_ALREADY_RUNNING");
    await server.db.kysely
      .updateTable("imports")
      .set({ status: "failed", error_code: "INTERNAL" })
      .where("id", "=", "runningImport0000001")
      .execute();
  });

  it("lets only one of two imports started at once run", async () => {
    // The guard itself, raced without the timing of uploads: one running row per user.
    const start = (id: string) =>
      insertRunningImport(server.db.kysely, carol.userId, {
        id,
        format: "original",
        fileSha256: "1".repeat(64),
        createdAt: clock,
      });
    const taken = await Promise.all([start("raceImport0000000001"), start("raceImport0000000002")]);
    expect(taken.sort()).toEqual([false, true]);
    await server.db.kysely
      .updateTable("imports")
      .set({ status: "failed", error_code: "INTERNAL" })
      .where("id", "in", ["raceImport0000000001", "raceImport0000000002"])
      .execute();
  });

  it("takes one of two uploads sent at once, and the memos once", async () => {
    const memos = Array.from({ length: 1500 }, (_, i) => ({
      id: `raceMemo${String(i).padStart(12, "0")}`,
      title: `동시에 ${i}`,
      contents: `<p>race ${i}</p>`,
      folderId: "root",
      userId: "u",
      createdAt: T0,
      updatedAt: T0,
    }));
    const file = jsonFile({ memos });
    const before = await countRows(carol.userId);
    const answers = await Promise.all([
      carol.client.postForm("/api/imports", fileForm(file)),
      carol.client.postForm("/api/imports", fileForm(file)),
    ]);
    // The second is refused while the first runs (409); when the first has already ended by the
    // time the second's upload is read (SQLite's import holds the event loop), it runs after it
    // and finds every memo already imported.
    const statuses = answers.map((answer) => answer.status).sort();
    expect([
      [202, 202],
      [202, 409],
    ]).toContainEqual(statuses);
    const jobs = [];
    for (const answer of answers.filter((a) => a.status === 202)) {
      jobs.push(await waitForEnd(carol.client, answer.body.import.id));
    }
    expect(jobs.map((job) => job.report.memos).sort((a, b) => b - a)).toEqual(
      statuses[1] === 409 ? [1500] : [1500, 0],
    );
    expect((await countRows(carol.userId)).memos).toBe(before.memos + 1500);
  });

  it("refuses a file over the limit with 413 IMPORT_TOO_LARGE, and takes one at the limit", async () => {
    const small = await startTestServer({ env: { MNEMO_IMPORT_MAX_BYTES: "1000" } });
    try {
      const user = await signUpVerified(small);
      const over = await user.client.postForm("/api/imports", fileForm("x".repeat(1001)));
      expect(over.status).toBe(413);
      expect(over.body.error).toMatchObject({ code: "IMPORT_TOO_LARGE" });
      const at = await user.client.postForm("/api/imports", fileForm("x".repeat(1000)));
      expect(at.status).toBe(415);
      // The byte over the limit arriving after all the allowed ones were read: still refused.
      const late = await user.client.postFileInTwoWrites("/api/imports", {
        first: Buffer.from("x".repeat(1000)),
        rest: Buffer.from("x"),
        name: "late.json",
        type: "application/json",
      });
      expect(late.status).toBe(413);
      expect(late.body.error).toMatchObject({ code: "IMPORT_TOO_LARGE" });
    } finally {
      await small.close();
    }
  });
});

describe("POST /api/imports: the writer's rules", () => {
  let dave: SignedUpUser;
  beforeAll(async () => {
    dave = await signUpVerified(server);
  });

  it("sanitizes hostile HTML and drops images the file lacks (MEDIA_MISSING)", async () => {
    const hostile = {
      memos: [
        {
          id: "hostileMemo000000001",
          title: "<script>alert(1)</script>제목",
          contents:
            '<p onclick="alert(1)">글<script>alert(2)</script></p><img src=x onerror=alert(3)>' +
            '<a href="javascript:alert(4)">링크</a><img src="attachment:%EC%97%86%EC%9D%8C.png">' +
            '<iframe src="https://evil.example"></iframe>',
          folderId: "root",
          userId: "someone",
          createdAt: T0,
          updatedAt: T0,
        },
      ],
    };
    const job = await importFile(dave.client, jsonFile(hostile));
    expect(job.status).toBe("done");
    expect(job.report.skipped).toContainEqual({ item: "없음.png", reason: "MEDIA_MISSING" });
    const memo = await dave.client.get("/api/memos/hostileMemo000000001");
    expect(memo.body.memo.contents).toBe(
      '<p>글</p><a rel="noopener noreferrer nofollow" target="_blank">링크</a>',
    );
    // The title is text: shown escaped, never parsed as HTML.
    expect(memo.body.memo.title).toBe("<script>alert(1)</script>제목");
  });

  it("keeps over-limit values cut (OVER_LIMIT) and skips memos without text (EMPTY)", async () => {
    const tags = Array.from({ length: 25 }, (_, i) => `태그${i}`);
    const job = await importFile(
      dave.client,
      jsonFile({
        memos: [
          {
            id: "longMemo000000000001",
            title: "가".repeat(600),
            contents: "<p>본문</p>",
            tags,
            folderId: "root",
            userId: "u",
            createdAt: T0,
            updatedAt: T0,
          },
          {
            id: "emptyMemo00000000001",
            title: "  ",
            contents: "<p></p>",
            folderId: "root",
            userId: "u",
            createdAt: T0,
            updatedAt: T0,
          },
        ],
      }),
    );
    expect(job.report.memos).toBe(1);
    expect(job.report.skipped.map((s: { reason: string }) => s.reason)).toEqual([
      "OVER_LIMIT",
      "EMPTY",
    ]);
    const memo = await dave.client.get("/api/memos/longMemo000000000001");
    expect(memo.body.memo.title).toHaveLength(500);
    expect(memo.body.memo.tags).toEqual(tags.slice(0, 20));
  });

  it("keeps nothing when a write fails late (all or nothing)", async () => {
    // A real constraint of the database refuses the last memo's row.
    if (dialect === "postgres") {
      await sql`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.title = 'boom' THEN RAISE EXCEPTION 'boom refused'; END IF; RETURN NEW; END $$`.execute(
        server.db.kysely,
      );
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON memos FOR EACH ROW EXECUTE FUNCTION refuse_boom()`.execute(
        server.db.kysely,
      );
    } else {
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON memos WHEN NEW.title = 'boom'
        BEGIN SELECT RAISE(ABORT, 'boom refused'); END`.execute(server.db.kysely);
    }
    try {
      const before = await countRows(dave.userId);
      const seqBefore = (await dave.client.get("/api/sync/changes")).body.nextCursor;
      const memos = Array.from({ length: 50 }, (_, i) => ({
        id: `lateMemo${String(i).padStart(12, "0")}`,
        title: i === 49 ? "boom" : `메모 ${i}`,
        contents: "<p>x</p>",
        folderId: "lateFolder0000000001",
        reviewedDates: [T0 - DAY],
        userId: "u",
        createdAt: T0,
        updatedAt: T0,
      }));
      const job = await importFile(
        dave.client,
        jsonFile({ folders: [{ id: "lateFolder0000000001", title: "늦은 폴더" }], memos }),
      );
      expect(job).toMatchObject({ status: "failed", errorCode: "INTERNAL", report: null });
      expect(await countRows(dave.userId)).toEqual(before);
      const after = await dave.client.get(
        `/api/sync/changes?cursor=${encodeURIComponent(seqBefore)}`,
      );
      expect(after.body.memos).toEqual([]);
      expect(after.body.folders).toEqual([]);
    } finally {
      await sql`DROP TRIGGER refuse_boom${sql.raw(dialect === "postgres" ? " ON memos" : "")}`.execute(
        server.db.kysely,
      );
      if (dialect === "postgres") await sql`DROP FUNCTION refuse_boom()`.execute(server.db.kysely);
    }
  });

  it("derives the FSRS state of memos imported into an FSRS folder", async () => {
    const job = await importFile(
      dave.client,
      jsonFile({
        folders: [{ id: "fsrsFolder0000000001", title: "FSRS", scheduler: "fsrs" }],
        memos: [
          {
            id: "fsrsMemo000000000001",
            title: "복습",
            contents: "<p>x</p>",
            folderId: "fsrsFolder0000000001",
            reviewedDates: [T0 - 9 * DAY, T0 - 3 * DAY],
            userId: "u",
            createdAt: T0 - 10 * DAY,
            updatedAt: T0 - 10 * DAY,
          },
        ],
      }),
    );
    expect(job.report).toMatchObject({ memos: 1, reviews: 2 });
    const memo = await dave.client.get("/api/memos/fsrsMemo000000000001");
    expect(memo.body.memo.fsrs).toMatchObject({ reps: 2, state: "review" });
    expect(memo.body.memo.fsrs.stability).toBeGreaterThan(0);
  });

  it("marks imports left running by a stopped server as failed at start-up", async () => {
    const { failInterruptedImports } = await import("./imports.service.js");
    await server.db.kysely
      .insertInto("imports")
      .values({
        user_id: dave.userId,
        id: "crashedImport0000001",
        status: "running",
        format: "anki",
        file_sha256: "0".repeat(64),
        created_at: clock,
      })
      .execute();
    expect(await failInterruptedImports({ db: server.db, now: () => clock })).toBe(1);
    const job = await dave.client.get("/api/imports/crashedImport0000001");
    expect(job.body.import).toMatchObject({ status: "failed", errorCode: "INTERNAL" });
  });

  it("leaves an import running while its process beats, and fails it a minute after it stops", async () => {
    const { failInterruptedImports, IMPORT_ABANDONED_AFTER_MS } = await import(
      "./imports.service.js"
    );
    // Running in another server process on the database: its last beat 10 s ago.
    await server.db.kysely
      .insertInto("imports")
      .values({
        user_id: dave.userId,
        id: "otherProcessImport01",
        status: "running",
        format: "anki",
        file_sha256: "0".repeat(64),
        created_at: clock - 20_000,
        heartbeat_at: clock - 10_000,
      })
      .execute();
    expect(await failInterruptedImports({ db: server.db, now: () => clock })).toBe(0);
    const running = await dave.client.get("/api/imports/otherProcessImport01");
    expect(running.body.import.status).toBe("running");

    const later = clock - 10_000 + IMPORT_ABANDONED_AFTER_MS + 1;
    expect(await failInterruptedImports({ db: server.db, now: () => later })).toBe(1);
    const failed = await dave.client.get("/api/imports/otherProcessImport01");
    expect(failed.body.import).toMatchObject({ status: "failed", errorCode: "INTERNAL" });
  });
});
