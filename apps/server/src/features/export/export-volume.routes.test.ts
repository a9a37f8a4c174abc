import { get as httpGet, type IncomingMessage } from "node:http";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../../../test/helpers/users.js";
import type { MnemoDocument } from "../imports/formats/mnemo-document.js";
import { exportCounts } from "./export.service.js";

// An account of many memos, written straight into the database: the export streams all of them
// in pages, and a client that goes away stops it. MNEMO_EXPORT_MEMOS=20000 turns the first tests
// into a measurement (memos/s, peak RSS and heap growth, printed; the client keeps no bytes);
// with NODE_OPTIONS=--expose-gc it also prints the heap that stays after a GC. The server runs in
// this process, so the figures include the client's reading. The bench adds 100,000 later.

const MEMOS = Number(process.env.MNEMO_EXPORT_MEMOS ?? 3_000);
const REVIEWS_PER_MEMO = 2;
const T0 = Date.UTC(2026, 0, 1);

let server: TestServer;
let user: SignedUpUser;

/** Memos `m00000…` with Korean and English contents and two reviews each, in batches. */
async function seedMemos(userId: string, folderId: string, count: number): Promise<void> {
  const db = server.db.kysely;
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const memos = [];
    const reviews = [];
    for (let i = start; i < Math.min(count, start + batch); i += 1) {
      const id = `m${String(i).padStart(7, "0")}`;
      memos.push({
        user_id: userId,
        id,
        folder_id: folderId,
        title: `메모 ${i} memo`,
        contents: `<p>${"한국어 본문과 English text, ".repeat(12)}${i}</p><ul><li>하나</li><li>two</li></ul>`,
        tags: JSON.stringify(["대량", `t${i % 50}`]),
        review_count: REVIEWS_PER_MEMO,
        created_at: T0 + i * 1000,
        updated_at: T0 + i * 1000,
      });
      for (let r = 0; r < REVIEWS_PER_MEMO; r += 1) {
        reviews.push({
          user_id: userId,
          op_id: `op-${id}-${r}`,
          memo_id: id,
          value: 5,
          reviewed_at: T0 + i * 1000 + (r + 1) * 60_000,
          grade: 3,
          undone_at: null,
        });
      }
    }
    await db.insertInto("memos").values(memos).execute();
    await db.insertInto("memo_reviews").values(reviews).execute();
  }
}

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpVerified(server);
  const folder = await user.client.post("/api/folders", { title: "대량 bulk" });
  await seedMemos(user.userId, folder.body.folder.id, MEMOS);
}, 300_000);
afterAll(async () => {
  await server.close();
});

/** GETs a path and reads the body as it comes, keeping only its length (or all of it). */
async function stream(path: string, keep: boolean) {
  const response = await fetch(new URL(path, server.baseUrl), {
    headers: { cookie: user.client.cookieHeader(), origin: server.baseUrl },
  });
  expect(response.status).toBe(200);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (keep) chunks.push(chunk);
  }
  return { bytes, body: keep ? Buffer.concat(chunks) : null };
}

async function waitFor(condition: () => boolean, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("GET /api/export of many memos", () => {
  it.each(["mnemo", "markdown"])(
    "streams every memo of the %s export with flat memory",
    async (format) => {
      const isMeasuring = process.env.MNEMO_EXPORT_MEMOS !== undefined;
      global.gc?.();
      const before = process.memoryUsage();
      const peak = { rss: before.rss, heapUsed: before.heapUsed };
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peak.rss = Math.max(peak.rss, now.rss);
        peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
      }, 25);
      const started = performance.now();
      const { bytes, body } = await stream(`/api/export?format=${format}`, !isMeasuring);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      global.gc?.();
      const retained = process.memoryUsage().heapUsed - before.heapUsed;
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      console.log(
        `export ${format} of ${MEMOS} memos (${server.db.kind}): ${seconds.toFixed(2)} s, ` +
          `${Math.round(MEMOS / seconds)} memos/s, ${mb(bytes)} MB, ` +
          `peak RSS +${mb(peak.rss - before.rss)} MB, peak heap +${mb(peak.heapUsed - before.heapUsed)} MB` +
          (global.gc ? `, heap after GC +${mb(retained)} MB` : ""),
      );
      // The mnemo export allocates little; the Markdown one converts each memo with turndown,
      // whose DOM garbage V8 collects late (its peak is garbage: after a GC it is gone), so
      // only what stays is held against a bound.
      if (format === "mnemo") expect(peak.rss - before.rss).toBeLessThan(100 * 1024 * 1024);
      if (global.gc) expect(retained).toBeLessThan(20 * 1024 * 1024);
      if (!body) return;
      const files = unzipSync(body);
      if (format === "mnemo") {
        const document = JSON.parse(new TextDecoder().decode(files["mnemo.json"])) as MnemoDocument;
        expect(document.memos).toHaveLength(MEMOS);
        expect(new Set(document.memos.map((memo) => memo.id)).size).toBe(MEMOS);
        expect(document.memos.every((memo) => memo.reviews.length === REVIEWS_PER_MEMO)).toBe(true);
      } else {
        expect(Object.keys(files).filter((name) => name.endsWith(".md"))).toHaveLength(MEMOS);
      }
    },
    600_000,
  );

  it("stops reading when the client goes away", async () => {
    const stoppedBefore = exportCounts.stopped;
    const { hostname, port } = new URL(server.baseUrl);
    // Node's own client: destroying its request closes the connection at once.
    const request = httpGet({
      hostname,
      port,
      path: "/api/export?format=markdown",
      headers: { cookie: user.client.cookieHeader(), origin: server.baseUrl },
    });
    const response = await new Promise<IncomingMessage>((resolve) =>
      request.once("response", resolve),
    );
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => response.once("data", resolve));
    expect(exportCounts.running).toBe(1);
    request.destroy();
    await waitFor(() => exportCounts.running === 0);
    expect(exportCounts.stopped).toBe(stoppedBefore + 1);
    // The server goes on answering, the same user too.
    const again = await user.client.get("/api/memos/m0000000");
    expect(again.status).toBe(200);
  });
});
