import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { type DefaultTreeAdapterTypes, parse } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describePreview } from "../../src/features/memos/shared-memo-page.js";
import { type RawAnswer, rawGet } from "../helpers/raw-http.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { signUpVerified } from "../helpers/users.js";

// The built web app as the server serves it: a build-like folder with a hashed asset and its
// precompressed copies, read over raw HTTP so the encoding the server chose is visible. The web
// app's public/ folder is copied in as Vite copies it into dist/.

type Element = DefaultTreeAdapterTypes.Element;
type TextNode = DefaultTreeAdapterTypes.TextNode;

const webPublic = join(dirname(fileURLToPath(import.meta.url)), "../../../web/public");

/** Like the built index.html: the app's own title and description, which a shared memo's replace. */
const INDEX_HTML =
  '<!doctype html><html lang="ko"><head><meta charset="UTF-8" />' +
  '<meta name="description" content="Mnemo — private memos" />' +
  '<title>Mnemo</title><script src="/theme.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

const SCRIPT = `console.log(${JSON.stringify("한국어 ".repeat(400))});`;
const SCRIPT_PATH = "/assets/index-Ab_1-cD9.js";

const SECRET = '{"not":"for the web"}';

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "mnemo-web-dist-"));
  cpSync(webPublic, webDist, { recursive: true });
  mkdirSync(join(webDist, "assets", "i18n"), { recursive: true });
  writeFileSync(join(webDist, "index.html"), INDEX_HTML);
  writeFileSync(join(webDist, SCRIPT_PATH), SCRIPT);
  writeFileSync(join(webDist, `${SCRIPT_PATH}.gz`), gzipSync(SCRIPT));
  writeFileSync(join(webDist, `${SCRIPT_PATH}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(webDist, "assets", "i18n", "ko.json"), '{"common":{"ok":"확인"}}');
  // Build output that is not the app's: Vite's manifest, and a dotfile among the assets.
  mkdirSync(join(webDist, ".vite"));
  writeFileSync(join(webDist, ".vite", "manifest.json"), SECRET);
  writeFileSync(join(webDist, "assets", ".env"), SECRET);
  server = await startTestServer({ env: { WEB_DIST: webDist } });
});

afterAll(async () => {
  await server.close();
  rmSync(webDist, { recursive: true, force: true });
});

function get(path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return rawGet(server.baseUrl, path, acceptEncoding ? { "accept-encoding": acceptEncoding } : {});
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

  it.each(["/", "/private-memos/abc?sort=latest"])(
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

  it.each(["/assets/index-Zz_9-yX8.js", "/assets/", "/assets/i18n/xx.json"])(
    "answers the app shell for %s, which is not there, as for any unknown path",
    async (path) => {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toContain('<div id="root">');
      expect(answer.headers["cache-control"]).toBe("no-cache");
    },
  );

  it.each(["/.vite/manifest.json", "/assets/.env"])("never sends the dotfile %s", async (path) => {
    const answer = await get(path);
    expect(answer.body.toString()).not.toContain(SECRET);
    expect(answer.body.toString()).toContain('<div id="root">');
  });

  it("answers HEAD for an asset with its headers and no body", async () => {
    const answer = await rawGet(server.baseUrl, SCRIPT_PATH, {}, "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.body.length).toBe(0);
  });

  it("answers an unknown API route with the JSON 404, never the shell", async () => {
    const answer = await get("/api/no-such-route");
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ error: { code: "NOT_FOUND" } });
  });
});

/** The head of a page as a browser reads it (parse5): its title and every meta's content by key. */
function headOf(page: string): { title: string[]; meta: Map<string, string[]> } {
  const document = parse(page);
  const html = document.childNodes.find((node) => node.nodeName === "html") as Element;
  const head = html.childNodes.find((node) => node.nodeName === "head") as Element;
  const title: string[] = [];
  const meta = new Map<string, string[]>();
  for (const node of head.childNodes) {
    if (node.nodeName === "title") {
      title.push((node as Element).childNodes.map((child) => (child as TextNode).value).join(""));
    }
    if (node.nodeName !== "meta") continue;
    const attrs = new Map((node as Element).attrs.map((attr) => [attr.name, attr.value]));
    const key = attrs.get("name") ?? attrs.get("property");
    if (key) meta.set(key, [...(meta.get(key) ?? []), attrs.get("content") ?? ""]);
  }
  return { title, meta };
}

describe("GET /view/:countryCode/:shareToken (a shared memo's page)", () => {
  const title = "한국어 제목 & <Korean> title";
  const contents = `<p>${"첫 문단입니다. First paragraph. ".repeat(10)}</p>`;

  it("answers the app with the memo's title and description for link previews", async () => {
    const { client } = await signUpVerified(server);
    const { memo } = (await client.post("/api/memos", { folderId: "root", title, contents })).body;
    const { share } = (await client.put(`/api/memos/${memo.id}/share`)).body;

    const answer = await get(share.path);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/html\b/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const page = answer.body.toString();
    expect(page).toContain('<div id="root">');
    expect(page).toContain('<script src="/theme.js">');
    const head = headOf(page);
    expect(head.title).toEqual([`${title} · Mnemo`]);
    const description = describePreview(memo.preview);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith("…")).toBe(true);
    expect(Object.fromEntries(head.meta)).toEqual({
      description: [description],
      "og:type": ["article"],
      "og:site_name": ["Mnemo"],
      "og:title": [title],
      "og:description": [description],
      "twitter:card": ["summary"],
    });

    // Unshared: the old link answers 404 with the plain app, which shows its own page.
    expect((await client.delete(`/api/memos/${memo.id}/share`)).status).toBe(204);
    const gone = await get(share.path);
    expect(gone.status).toBe(404);
    expect(gone.headers["content-type"]).toMatch(/^text\/html\b/);
    expect(gone.body.toString()).toBe(INDEX_HTML);
  });

  it.each(["/view/KR/someMemoId", "/view/XX/not-a-token", "/view/KR/%3Cscript%3E"])(
    "answers %s, an address no memo is shared at, with the plain app and 404",
    async (path) => {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).toBe(INDEX_HTML);
      expect(headOf(answer.body.toString()).title).toEqual(["Mnemo"]);
    },
  );
});

describe("describePreview", () => {
  it.each([
    ["short text stays", "짧은 미리보기 short", "짧은 미리보기 short"],
    ["spaces fold", "  a\n\n b  ", "a b"],
    ["long text is cut after a word", `${"단어 ".repeat(100)}`, `${"단어 ".repeat(53).trim()}…`],
    ["a long word is cut inside", "가".repeat(200), `${"가".repeat(159)}…`],
  ])("%s", (_case, preview, expected) => {
    expect(describePreview(preview)).toBe(expected);
  });
});
