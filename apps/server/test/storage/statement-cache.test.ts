import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { buildFolder, buildMemo, newOpId } from "../helpers/factories.js";
import { dialect, startTestServer, type TestServer } from "../helpers/test-server.js";
import { signUpVerified } from "../helpers/users.js";

// Queries whose list of ids grows with the user's data (a change-feed page's memos, a search
// page's, the home list's folders) must keep one SQL text: SQLite's statement cache keeps a compiled statement
// per text, and one text per list length made the server's memory grow under load (issue 13,
// item 11). On PostgreSQL the same requests check that the one-parameter lists find every row.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** The statement cache's size before and after `request`, with what it answered. */
async function statementsAround<T>(
  request: () => Promise<T>,
): Promise<{ added: number | null; result: T }> {
  const before = server.db.cachedStatementCount();
  const result = await request();
  const after = server.db.cachedStatementCount();
  return { added: before === null || after === null ? null : after - before, result };
}

/** Expects no new compiled statement on SQLite (PostgreSQL keeps none to count). */
function expectNoNewStatement(added: number | null) {
  if (dialect === "sqlite") expect(added).toBe(0);
  else expect(added).toBeNull();
}

describe("lists of ids bound as one parameter", () => {
  let client: TestClient;

  beforeAll(async () => {
    ({ client } = await signUpVerified(server));
  });

  it("pulls change-feed pages of 1 to 5 memos with one compiled statement", async () => {
    const folder = await buildFolder(client);
    const memos = [];
    for (let i = 0; i < 5; i++) memos.push(await buildMemo(client, { folderId: folder.id }));
    const first = await client.get("/api/sync/changes");
    expect(first.status).toBe(200);
    let cursor: string = first.body.nextCursor;

    for (let count = 1; count <= 5; count++) {
      const edited = memos.slice(0, count).map((memo) => memo.id);
      for (const id of edited) {
        const response = await client.patch(`/api/memos/${id}`, {
          contents: `<p>edit ${count}</p>`,
          opId: newOpId("statements"),
        });
        expect(response.status).toBe(200);
      }
      const { added, result } = await statementsAround(() =>
        client.get(`/api/sync/changes?cursor=${encodeURIComponent(cursor)}`),
      );
      expect(result.status).toBe(200);
      const pulled = result.body.memos.map((memo: { id: string }) => memo.id);
      expect(pulled.sort()).toEqual([...edited].sort());
      // The first pull with a cursor may compile the page's statements; no later one may.
      if (count > 1) expectNoNewStatement(added);
      cursor = result.body.nextCursor;
    }
  });

  it("answers search pages of 1 to 4 memos with one compiled statement", async () => {
    const { client: own } = await signUpVerified(server);
    const folder = await buildFolder(own);
    for (let i = 0; i < 4; i++) await buildMemo(own, { folderId: folder.id, title: `apple ${i}` });
    for (let limit = 1; limit <= 4; limit++) {
      const { added, result } = await statementsAround(() =>
        own.get(`/api/search?q=apple&limit=${limit}`),
      );
      expect(result.status).toBe(200);
      expect(result.body.results).toHaveLength(limit);
      if (limit > 1) expectNoNewStatement(added);
    }
  });

  it("lists the home memos of 1 to 4 folders with one compiled statement", async () => {
    const { client: own } = await signUpVerified(server);
    const titles: string[] = [];
    for (let count = 1; count <= 4; count++) {
      const folder = await buildFolder(own, { title: `폴더 ${count}` });
      titles.push(folder.title);
      await buildMemo(own, { folderId: folder.id });
      const { added, result } = await statementsAround(() => own.get("/api/home/review-list"));
      expect(result.status).toBe(200);
      const listed = new Set(result.body.memos.map((m: { folderTitle: string }) => m.folderTitle));
      expect([...listed].sort()).toEqual([...titles].sort());
      if (count > 1) expectNoNewStatement(added);
    }
  });
});
