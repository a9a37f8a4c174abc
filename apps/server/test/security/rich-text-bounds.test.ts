import { ErrorCode, randomId } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../helpers/client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { signInAnonymously } from "../helpers/users.js";

// Issue 16 item 2: one memo of 200,000 nested <b> (0.6 MB) blocked the event loop for seconds
// while it was sanitized, and anonymous sign-in is free. Every route that takes rich text refuses
// such contents before sanitizing, and the server keeps answering everyone else meanwhile.

const FREEZE = `${"<b>".repeat(200_000)}x`;
const TOO_DEEP = `${"<blockquote>".repeat(101)}x`;

let server: TestServer;
let client: TestClient;
let memoId: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ client } = await signInAnonymously(server));
  memoId = (await client.post("/api/memos", { folderId: "root", title: "메모" })).body.memo.id;
});
afterAll(async () => {
  await server.close();
});

const routes: Array<[string, (contents: string) => Promise<{ status: number; body: any }>]> = [
  [
    "POST /api/memos",
    (contents) => client.post("/api/memos", { folderId: "root", title: "t", contents }),
  ],
  ["PATCH /api/memos/:memoId", (contents) => client.patch(`/api/memos/${memoId}`, { contents })],
  ["PUT /api/text", (contents) => client.put("/api/text", { contents })],
  [
    "POST /api/sync/ops memo.create",
    async (contents) => {
      const op = {
        kind: "memo.create",
        opId: `op-${randomId()}`,
        input: { id: randomId(), folderId: "root", title: "t", contents },
      };
      const response = await client.post("/api/sync/ops", { ops: [op] });
      const result = response.body.results?.[0];
      return { status: response.status, body: { error: { code: result?.code } } };
    },
  ],
];

describe("rich text beyond the bounds", () => {
  it.each(routes)(
    "%s refuses 200,000 nested <b> at once with RICH_TEXT_TOO_LARGE",
    async (_, send) => {
      const start = performance.now();
      const response = await send(FREEZE);
      const elapsed = performance.now() - start;
      expect(response.body.error.code).toBe(ErrorCode.RICH_TEXT_TOO_LARGE);
      expect(elapsed).toBeLessThan(1_000);
    },
  );

  it.each(routes)(
    "%s refuses contents nested 101 deep with RICH_TEXT_TOO_DEEP",
    async (_, send) => {
      const response = await send(TOO_DEEP);
      expect(response.body.error.code).toBe(ErrorCode.RICH_TEXT_TOO_DEEP);
    },
  );

  it("answers 413 and 400 on the single routes", async () => {
    expect((await routes[0]?.[1](FREEZE))?.status).toBe(413);
    expect((await routes[0]?.[1](TOO_DEEP))?.status).toBe(400);
  });

  it("keeps answering health while such memos arrive", async () => {
    const sends = Array.from({ length: 4 }, () => routes[0]?.[1](FREEZE));
    const start = performance.now();
    const health = await fetch(new URL("/api/health", server.baseUrl));
    expect(health.status).toBe(200);
    expect(performance.now() - start).toBeLessThan(1_000);
    await Promise.all(sends);
  });
});
