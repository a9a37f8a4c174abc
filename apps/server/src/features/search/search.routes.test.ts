import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildFolder, buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";
import { INDEX_BATCH } from "../../db/memo-search.repo.js";
import * as reindexLoneSurrogateTags from "../../db/migrations/20261208T0000-reindex-lone-surrogate-tags.js";
import { indexQueuedMemosRound } from "./search-index.service.js";

let server: TestServer;
let alice: { client: TestClient; userId: string };
let bob: { client: TestClient; userId: string };
let clock = Date.UTC(2026, 10, 28, 3, 0, 0);

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  alice = await signUpVerified(server);
  bob = await signUpVerified(server);
});
afterAll(async () => {
  await server.close();
});

async function search(client: TestClient, params: Record<string, string>) {
  const response = await client.get(`/api/search?${new URLSearchParams(params)}`);
  expect(response.status).toBe(200);
  return response.body as {
    results: Array<{ id: string; snippet: string; score: number; isTitleHit: boolean }>;
    nextCursor: string | null;
  };
}

async function foundIds(client: TestClient, q: string, extra: Record<string, string> = {}) {
  return (await search(client, { q, ...extra })).results.map((result) => result.id);
}

describe("GET /api/search", () => {
  it("finds Korean words inside words with particles, English substrings, width and accents", async () => {
    const folder = await buildFolder(alice.client);
    const korean = await buildMemo(alice.client, {
      folderId: folder.id,
      title: "오늘의 공부",
      contents: "<p>오늘 <b>한국어를</b> 배웠다. 문법은 어렵다.</p>",
    });
    const english = await buildMemo(alice.client, {
      folderId: folder.id,
      title: "Spaced Repetition",
      contents: "<p>Memory &amp; review at the Café</p>",
      flashCardHint: "ＡＢＣ hint",
    });
    expect(await foundIds(alice.client, "한국")).toEqual([korean.id]);
    expect(await foundIds(alice.client, "국어")).toEqual([korean.id]);
    expect(await foundIds(alice.client, "문법")).toEqual([korean.id]);
    expect(await foundIds(alice.client, "emor")).toEqual([english.id]);
    expect(await foundIds(alice.client, "CAFE abc")).toEqual([english.id]);
    expect(await foundIds(alice.client, '"memory & review"')).toEqual([english.id]);
    expect(await foundIds(alice.client, "한국어 -문법")).toEqual([]);
    expect(await foundIds(alice.client, "amp")).toEqual([]);
    expect(await foundIds(bob.client, "한국")).toEqual([]);
  });

  it("answers list rows with an escaped snippet marking the hits, and a score", async () => {
    const folder = await buildFolder(alice.client);
    const memo = await buildMemo(alice.client, {
      folderId: folder.id,
      title: "스니펫",
      contents: "<p>&lt;script&gt;x&lt;/script&gt; 고양이 snippetword</p>",
      tags: ["#Pets"],
    });
    const { results } = await search(alice.client, { q: "snippetword" });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      id: memo.id,
      folderId: folder.id,
      title: "스니펫",
      tags: ["Pets"],
      sortingValue: null,
      isTitleHit: false,
      snippet: "&lt;script&gt;x&lt;/script&gt; 고양이 <mark>snippetword</mark>",
    });
    expect(results[0]?.score).toBeGreaterThan(0);
  });

  it("ranks title hits first, then relevance, then the latest change", async () => {
    const folder = await buildFolder(alice.client);
    const bodyOnce = await buildMemo(alice.client, {
      folderId: folder.id,
      title: "a",
      contents: "<p>rankword</p>",
    });
    clock += 1000;
    const bodyOnceNewer = await buildMemo(alice.client, {
      folderId: folder.id,
      title: "b",
      contents: "<p>rankword</p>",
    });
    const bodyTwice = await buildMemo(alice.client, {
      folderId: folder.id,
      title: "c",
      contents: "<p>rankword rankword</p>",
    });
    const title = await buildMemo(alice.client, { folderId: folder.id, title: "rankword" });
    expect(await foundIds(alice.client, "rankword")).toEqual([
      title.id,
      bodyTwice.id,
      bodyOnceNewer.id,
      bodyOnce.id,
    ]);
  });

  it("pages with a keyset cursor through every result once", async () => {
    const folder = await buildFolder(alice.client);
    const ids = new Set<string>();
    for (let i = 0; i < 7; i++) {
      clock += 1000;
      ids.add((await buildMemo(alice.client, { folderId: folder.id, title: `페이지 ${i}` })).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof search>> = await search(alice.client, {
        q: "페이지",
        limit: "3",
        ...(cursor ? { cursor } : {}),
      });
      expect(page.results.length).toBeLessThanOrEqual(3);
      seen.push(...page.results.map((result) => result.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(ids);
  });

  it("keeps to one folder with folderId, and to a tag with tag or #tag", async () => {
    const first = await buildFolder(alice.client);
    const second = await buildFolder(alice.client);
    const inFirst = await buildMemo(alice.client, {
      folderId: first.id,
      title: "폴더검색",
      tags: ["Travel"],
    });
    const inSecond = await buildMemo(alice.client, { folderId: second.id, title: "폴더검색" });
    expect(await foundIds(alice.client, "폴더검색", { folderId: second.id })).toEqual([
      inSecond.id,
    ]);
    expect(await foundIds(alice.client, "폴더검색", { tag: "#travel" })).toEqual([inFirst.id]);
    expect(await foundIds(alice.client, "#TRAVEL")).toEqual([inFirst.id]);
    expect(await foundIds(alice.client, "폴더검색 -#travel")).toEqual([inSecond.id]);
  });

  it("follows every write: edit, tags, move, delete, folder delete, sync ops, conflict copies", async () => {
    const folder = await buildFolder(alice.client);
    const other = await buildFolder(alice.client);
    const memo = await buildMemo(alice.client, { folderId: folder.id, title: "처음제목" });
    const edited = await alice.client.patch(`/api/memos/${memo.id}`, {
      title: "바뀐제목",
      contents: "<p>새본문</p>",
      flashCardHint: "새힌트",
      tags: ["새태그"],
    });
    expect(edited.status).toBe(200);
    expect(await foundIds(alice.client, "처음제목")).toEqual([]);
    for (const q of ["바뀐제목", "새본문", "새힌트", "#새태그", "새태그"]) {
      expect(await foundIds(alice.client, q)).toEqual([memo.id]);
    }

    const moved = await alice.client.post(`/api/memos/${memo.id}/move`, { folderId: other.id });
    expect(moved.status).toBe(200);
    expect(await foundIds(alice.client, "바뀐제목", { folderId: other.id })).toEqual([memo.id]);

    // An edit from an older revision keeps the stored text as a conflict copy: both are found.
    const stale = await alice.client.patch(`/api/memos/${memo.id}`, {
      title: "충돌제목",
      baseRevision: 1,
    });
    expect(stale.status).toBe(200);
    const copy = stale.body.conflictCopy as { id: string };
    expect(await foundIds(alice.client, "충돌제목")).toEqual([memo.id]);
    expect(await foundIds(alice.client, "바뀐제목")).toEqual([copy.id]);

    expect((await alice.client.delete(`/api/memos/${memo.id}`)).status).toBe(204);
    expect(await foundIds(alice.client, "충돌제목")).toEqual([]);
    expect((await alice.client.delete(`/api/folders/${other.id}`)).status).toBe(204);
    expect(await foundIds(alice.client, "바뀐제목")).toEqual([]);

    const ops = await alice.client.post("/api/sync/ops", {
      ops: [
        {
          kind: "memo.create",
          opId: newOpId(),
          input: { id: "syncSearchMemo", folderId: folder.id, title: "동기화생성" },
        },
        {
          kind: "memo.update",
          opId: newOpId(),
          memoId: "syncSearchMemo",
          input: { contents: "<p>동기화수정</p>", tags: ["#Sync", "sync"] },
        },
      ],
    });
    expect(ops.status).toBe(200);
    expect(await foundIds(alice.client, "동기화생성 동기화수정 #sync")).toEqual(["syncSearchMemo"]);
    const deleted = await alice.client.post("/api/sync/ops", {
      ops: [{ kind: "memo.delete", opId: newOpId(), memoId: "syncSearchMemo" }],
    });
    expect(deleted.status).toBe(200);
    expect(await foundIds(alice.client, "동기화생성")).toEqual([]);
  });

  it("ranks equal hits by their latest change, edits of unsearched fields included", async () => {
    const folder = await buildFolder(alice.client);
    const older = await buildMemo(alice.client, { folderId: folder.id, title: "동점순서" });
    clock += 60_000;
    const newer = await buildMemo(alice.client, { folderId: folder.id, title: "동점순서" });
    expect(await foundIds(alice.client, "동점순서")).toEqual([newer.id, older.id]);
    clock += 60_000;
    const changed = await alice.client.patch(`/api/memos/${older.id}`, { category: "다른분류" });
    expect(changed.status).toBe(200);
    expect(await foundIds(alice.client, "동점순서")).toEqual([older.id, newer.id]);
  });

  it("still searches after a memo got a tag with a lone surrogate, stored as U+FFFD", async () => {
    // JSON.stringify wrote the lone surrogate as the escape \ud800, which PostgreSQL's json
    // parser refuses: every search of the user answered 500 (found by the fuzz test).
    const user = await signUpVerified(server);
    const folder = await buildFolder(user.client);
    const memo = await buildMemo(user.client, {
      folderId: folder.id,
      title: "외톨이 서로게이트",
      tags: ["a\ud800b", "\udc00", "😀"],
    });
    expect(memo.tags).toEqual(["a\ufffdb", "\ufffd", "😀"]);
    expect(await foundIds(user.client, "서로게이트")).toEqual([memo.id]);
    expect(await foundIds(user.client, "#a\ufffdb")).toEqual([memo.id]);
  });

  it("indexes again, by its migration, a memo whose tags were stored with a lone surrogate's escape", async () => {
    const user = await signUpVerified(server);
    const folder = await buildFolder(user.client);
    const memo = await buildMemo(user.client, {
      folderId: folder.id,
      title: "옛 태그",
      tags: ["x"],
    });
    // As the index stored such a tag before normalizeTag replaced lone surrogates.
    const escaped = JSON.stringify(["a\ud800b"]);
    expect(escaped).toBe('["a\\ud800b"]');
    await server.db.kysely
      .updateTable("memos")
      .set({ tags: escaped })
      .where("id", "=", memo.id)
      .execute();
    await server.db.kysely
      .updateTable("memo_search")
      .set({ tags: escaped })
      .where("memo_id", "=", memo.id)
      .execute();
    await reindexLoneSurrogateTags.up(server.db.kysely as never);
    expect(await foundIds(user.client, "옛")).toEqual([memo.id]);
    const stored = await server.db.kysely
      .selectFrom("memo_search")
      .select("tags")
      .where("memo_id", "=", memo.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.tags)).toEqual(["a\ufffdb"]);
  });

  it("finds nothing for an empty query or one without a term", async () => {
    expect(await search(alice.client, { q: "" })).toEqual({ results: [], nextCursor: null });
    expect(await search(alice.client, { q: "  -x  +" })).toEqual({ results: [], nextCursor: null });
  });

  it("refuses bad input with VALIDATION_FAILED", async () => {
    for (const query of [
      "limit=0",
      "limit=101",
      "cursor=nonsense",
      `q=${"x".repeat(501)}`,
      "folderId=..%2F",
    ]) {
      const response = await alice.client.get(`/api/search?q=a&${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("answers 404 for another user's folder", async () => {
    const bobFolder = await buildFolder(bob.client);
    const response = await alice.client.get(`/api/search?q=a&folderId=${bobFolder.id}`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("FOLDER_NOT_FOUND");
  });

  it("requires a session", async () => {
    const response = await server.client().get("/api/search?q=a");
    expect(response.status).toBe(401);
  });
});

describe("the search index queue", () => {
  const queuedIds = async (userId: string) =>
    (
      await server.db.kysely
        .selectFrom("memo_search_queue")
        .select("memo_id")
        .where("user_id", "=", userId)
        .orderBy("memo_id")
        .execute()
    ).map((row) => row.memo_id);
  const indexedTitle = async (userId: string, memoId: string) =>
    (
      await server.db.kysely
        .selectFrom("memo_search")
        .select("title")
        .where("user_id", "=", userId)
        .where("memo_id", "=", memoId)
        .executeTakeFirst()
    )?.title;

  it("indexes a new memo at once, queues an edit, and a read of the index first indexes what is queued", async () => {
    const carol = await signUpVerified(server);
    const folder = await buildFolder(carol.client);
    const memo = await buildMemo(carol.client, { folderId: folder.id, title: "대기열제목" });
    expect(await queuedIds(carol.userId)).toEqual([]);
    expect(await indexedTitle(carol.userId, memo.id)).toBe("대기열제목");

    // An edit of a field search reads queues it; one it does not read leaves it alone.
    expect((await carol.client.patch(`/api/memos/${memo.id}`, { category: "분류" })).status).toBe(
      200,
    );
    expect(await queuedIds(carol.userId)).toEqual([]);
    expect((await carol.client.patch(`/api/memos/${memo.id}`, { title: "고친제목" })).status).toBe(
      200,
    );
    expect(await queuedIds(carol.userId)).toEqual([memo.id]);
    expect(await indexedTitle(carol.userId, memo.id)).toBe("대기열제목");
    expect((await carol.client.get("/api/tags")).status).toBe(200);
    expect(await queuedIds(carol.userId)).toEqual([]);
    expect(await indexedTitle(carol.userId, memo.id)).toBe("고친제목");

    expect(
      (await carol.client.patch(`/api/memos/${memo.id}`, { title: "또고친제목" })).status,
    ).toBe(200);
    expect(await foundIds(carol.client, "또고친제목")).toEqual([memo.id]);
    expect(await queuedIds(carol.userId)).toEqual([]);
  });

  it("indexes every user's queue in the background round; a deleted memo leaves the queue", async () => {
    const carol = await signUpVerified(server);
    const dave = await signUpVerified(server);
    const carolFolder = await buildFolder(carol.client);
    const kept = await buildMemo(carol.client, { folderId: carolFolder.id, title: "남는메모" });
    const gone = await buildMemo(carol.client, { folderId: carolFolder.id, title: "지운메모" });
    const daves = await buildMemo(dave.client, {
      folderId: (await buildFolder(dave.client)).id,
      title: "다른사람",
    });
    const edit = async (client: TestClient, id: string, title: string) =>
      expect((await client.patch(`/api/memos/${id}`, { title })).status).toBe(200);
    await edit(carol.client, kept.id, "남는메모2");
    await edit(carol.client, gone.id, "지운메모2");
    await edit(dave.client, daves.id, "다른사람2");
    expect((await carol.client.delete(`/api/memos/${gone.id}`)).status).toBe(204);
    expect(await queuedIds(carol.userId)).toEqual([kept.id]);
    expect(await queuedIds(dave.userId)).toEqual([daves.id]);

    await indexQueuedMemosRound(server.app.deps);
    expect(await queuedIds(carol.userId)).toEqual([]);
    expect(await queuedIds(dave.userId)).toEqual([]);
    expect(await indexedTitle(carol.userId, kept.id)).toBe("남는메모2");
    expect(await indexedTitle(dave.userId, daves.id)).toBe("다른사람2");
    expect(await indexedTitle(carol.userId, gone.id)).toBeUndefined();
  });

  it("catches up a queue longer than one batch before a search", async () => {
    const carol = await signUpVerified(server);
    const folder = await buildFolder(carol.client);
    const count = INDEX_BATCH + 1;
    const ids: string[] = [];
    for (let start = 0; start < count; start += 25) {
      const chunk = Array.from({ length: Math.min(25, count - start) }, (_, i) => start + i);
      const memos = await Promise.all(
        chunk.map((n) => buildMemo(carol.client, { folderId: folder.id, title: `일괄 ${n}` })),
      );
      ids.push(...memos.map((memo: { id: string }) => memo.id));
    }
    // Each memo edited (queued) without going through the routes one by one: the state a burst
    // of offline edits leaves.
    await server.db.kysely
      .updateTable("memos")
      .set({ title: "묶음편집" })
      .where("user_id", "=", carol.userId)
      .execute();
    await server.db.kysely
      .insertInto("memo_search_queue")
      .values(ids.map((memo_id) => ({ user_id: carol.userId, memo_id, queued_at: 0 })))
      .execute();
    expect((await search(carol.client, { q: "묶음편집", limit: "100" })).results).toHaveLength(100);
    expect(await queuedIds(carol.userId)).toEqual([]);
    expect((await search(carol.client, { q: "일괄", limit: "100" })).results).toHaveLength(0);
  });
});

describe("GET /api/tags", () => {
  it("lists the user's tags with memo counts, spellings of one tag together", async () => {
    const carol = await signUpVerified(server);
    const folder = await buildFolder(carol.client);
    await buildMemo(carol.client, { folderId: folder.id, tags: ["#Korean", "단어"] });
    await buildMemo(carol.client, { folderId: folder.id, tags: ["korean"] });
    await buildMemo(carol.client, { folderId: folder.id, tags: ["Korean", "KOREAN"] });
    const response = await carol.client.get("/api/tags");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      tags: [
        { tag: "Korean", memoCount: 3 },
        { tag: "단어", memoCount: 1 },
      ],
    });
    expect((await bob.client.get("/api/tags")).body.tags).toEqual([]);
  });

  it("requires a session", async () => {
    expect((await server.client().get("/api/tags")).status).toBe(401);
  });
});

describe("memo tags", () => {
  it("are normalized on create, and more than 20 or longer than 50 characters are refused", async () => {
    const folder = await buildFolder(alice.client);
    const memo = await buildMemo(alice.client, {
      folderId: folder.id,
      tags: ["  #Word ", "word", "", "두 단어"],
    });
    expect(memo.tags).toEqual(["Word", "두 단어"]);
    const tooMany = await alice.client.post("/api/memos", {
      folderId: folder.id,
      title: "x",
      tags: Array.from({ length: 21 }, (_, i) => `tag${i}`),
    });
    expect(tooMany.status).toBe(400);
    const tooLong = await alice.client.patch(`/api/memos/${memo.id}`, { tags: ["x".repeat(51)] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details[0].path).toMatch(/^tags/);
  });
});
