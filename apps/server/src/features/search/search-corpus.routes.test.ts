import {
  compareSearchHits,
  foldSearchableMemo,
  generateSearchCorpus,
  parseSearchQuery,
  previewFromHtml,
  rankSearchMatch,
  SEARCH_CORPUS_QUERIES,
  searchableMemoText,
  textFromHtml,
} from "@mnemo/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient, TestResponse } from "../../../test/helpers/client.js";
import { buildFolder } from "../../../test/helpers/factories.js";
import { dialect, startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";
import { userWrite } from "../../db/user-write.js";
import { insertMemo } from "../memos/memos.repo.js";

// The corpus check: 2,000 generated Korean and English memos, and for each of many queries
// the route must answer exactly the memos a plain scan over the generated memos finds, in the
// domain's order. The memos are written through the memo repo's insert in one user write (the
// insert POST /api/memos makes, which indexes the memo, without 2,000 HTTP round trips); every
// query goes through HTTP.

const CORPUS_SIZE = 2_000;
const corpus = generateSearchCorpus(CORPUS_SIZE);
const folded = corpus.map((memo) => ({
  memo,
  folded: foldSearchableMemo(searchableMemoText(memo)),
}));

let server: TestServer;
let client: TestClient;
const clock = Date.UTC(2026, 10, 28);

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  const user = await signUpVerified(server);
  client = user.client;
  const folder = await buildFolder(client, { title: "말뭉치 corpus" });
  // One transaction through the repo's insert, which indexes each memo as every write does.
  await userWrite({ db: server.db, now: () => clock }, user.userId, async (_, write) => {
    for (const memo of corpus) {
      await insertMemo(write, {
        id: memo.id,
        folderId: folder.id,
        title: memo.title,
        contents: memo.contents,
        preview: previewFromHtml(memo.contents),
        categoryId: null,
        category: null,
        type: "memo",
        tags: memo.tags,
        userName: "corpus",
        flashCardHint: memo.flashCardHint,
        priority: 0,
        dueKey: 0,
        homeRv: null,
        createdAt: memo.updatedAt,
        updatedAt: memo.updatedAt,
        conflictOf: null,
      });
    }
  });
  // As autovacuum would soon: without statistics PostgreSQL's planner scans every row.
  if (dialect === "postgres") await sql`analyze`.execute(server.db.kysely);
}, 120_000);
afterAll(async () => {
  await server.close();
});

/** Every result of a search, following nextCursor. */
async function searchAll(q: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ q, limit: "100", ...(cursor ? { cursor } : {}) });
    const response: TestResponse = await client.get(`/api/search?${query}`);
    expect(response.status).toBe(200);
    ids.push(...response.body.results.map((result: { id: string }) => result.id));
    cursor = response.body.nextCursor;
  } while (cursor !== null);
  return ids;
}

// The exact rule itself, checked against the plainest scan there is for plain words: the
// lower-cased text without accents contains the word.
const plain = (text: string) =>
  text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().normalize("NFC");
const isPlainWord = (q: string) => /^[\p{L}\p{N}]{2,}$/u.test(q);

describe(`GET /api/search over ${CORPUS_SIZE} generated memos`, () => {
  it.each(SEARCH_CORPUS_QUERIES)(
    "answers %j exactly as a scan of every memo, in rank order",
    async (q) => {
      const query = parseSearchQuery(q);
      const expected = folded
        .flatMap((entry) => {
          const rank = rankSearchMatch(entry.folded, query);
          return rank ? [{ id: entry.memo.id, updatedAt: entry.memo.updatedAt, ...rank }] : [];
        })
        .sort(compareSearchHits)
        .map((hit) => hit.id);
      const found = await searchAll(q);
      expect(found).toEqual(expected);
      if (isPlainWord(q)) {
        const word = plain(q);
        const scanned = corpus
          .filter((memo) =>
            [memo.title, textFromHtml(memo.contents), memo.flashCardHint, ...memo.tags].some(
              (field) => plain(field).includes(word),
            ),
          )
          .map((memo) => memo.id);
        expect([...found].sort()).toEqual(scanned.sort());
      }
    },
  );

  it("has queries that find many memos, few, and none", async () => {
    const counts = await Promise.all(
      ["한국", "책", "gram", "없는단어"].map(async (q) => (await searchAll(q)).length),
    );
    expect(counts[0]).toBeGreaterThan(100);
    expect(counts[1]).toBeGreaterThan(10);
    expect(counts[2]).toBeGreaterThan(10);
    expect(counts[3]).toBe(0);
  });
});
