import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

// The built web app as the server serves it: a build-like folder with a hashed asset and its
// precompressed copies, read over raw HTTP so the encoding the server chose is visible. The web
// app's public/ folder is copied in as Vite copies it into dist/.

const webPublic = join(dirname(fileURLToPath(import.meta.url)), "../../../web/public");

const SCRIPT = `console.log(${JSON.stringify("한국어 ".repeat(400))});`;
const SCRIPT_PATH = "/assets/index-Ab_1-cD9.js";

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "mnemo-web-dist-"));
  cpSync(webPublic, webDist, { recursive: true });
  mkdirSync(join(webDist, "assets", "i18n"), { recursive: true });
  writeFileSync(join(webDist, "index.html"), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, SCRIPT_PATH), SCRIPT);
  writeFileSync(join(webDist, `${SCRIPT_PATH}.gz`), gzipSync(SCRIPT));
  writeFileSync(join(webDist, `${SCRIPT_PATH}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(webDist, "assets", "i18n", "ko.json"), '{"common":{"ok":"확인"}}');
  server = await startTestServer({ env: { WEB_DIST: webDist } });
});

afterAll(async () => {
  await server.close();
  rmSync(webDist, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, server.baseUrl);
    const request = httpRequest(
      url,
      { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

describe("the web app's files", () => {
  it("sends a hashed asset brotli-compressed when accepted, cached for a year", async () => {
    const answer = await get(SCRIPT_PATH, "gzip, deflate, br");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends it plain to a client that accepts no encoding", async () => {
    const answer = await get(SCRIPT_PATH);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString()).toBe(SCRIPT);
  });

  it.each(["/", "/private-memos/abc?sort=latest", "/view/KR/someMemoId"])(
    "answers the app shell for %s, revalidated on every load",
    async (path) => {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toContain('<div id="root">');
      expect(answer.headers["cache-control"]).toBe("no-cache");
    },
  );

  it("revalidates the translations, whose file name does not change", async () => {
    const answer = await get("/assets/i18n/ko.json");
    expect(JSON.parse(answer.body.toString())).toEqual({ common: { ok: "확인" } });
    expect(answer.headers["cache-control"]).toBe("no-cache");
  });

  it("sends robots.txt as plain text: everything but the API may be crawled", async () => {
    const answer = await get("/robots.txt");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain\b/);
    const rules = answer.body
      .toString()
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"));
    expect(rules).toEqual(["User-agent: *", "Disallow: /api/"]);
  });

  it("answers an unknown API route with the JSON 404, never the shell", async () => {
    const answer = await get("/api/no-such-route");
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ error: { code: "NOT_FOUND" } });
  });
});
