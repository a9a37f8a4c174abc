import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../test/helpers/client.js";
import { buildFolder, buildMemo } from "../../test/helpers/factories.js";
import { rawGet } from "../../test/helpers/raw-http.js";
import { startTestServer, type TestServer } from "../../test/helpers/test-server.js";
import { signUpVerified } from "../../test/helpers/users.js";
import { COMPRESS_THRESHOLD_BYTES } from "./compress-answers.js";

let server: TestServer;
let alice: { client: TestClient; email: string; password: string };
let folderId: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpVerified(server);
  folderId = (await buildFolder(alice.client)).id;
  for (let n = 0; n < 12; n += 1) {
    await buildMemo(alice.client, {
      folderId,
      title: `압축 메모 ${n}`,
      contents: `<p>${"반복되는 본문 repeated text ".repeat(20)}${n}</p>`,
    });
  }
});
afterAll(async () => {
  await server.close();
});

/** A GET as Alice's browser sends it, its body as received (not decoded, as fetch would). */
function rawGetAsAlice(path: string, acceptEncoding: string | null) {
  const headers: Record<string, string> = {
    origin: server.baseUrl,
    cookie: alice.client.cookieHeader(),
  };
  if (acceptEncoding !== null) headers["accept-encoding"] = acceptEncoding;
  return rawGet(server.baseUrl, path, headers);
}

describe("compressed API answers", () => {
  const listPath = () => `/api/folders/${folderId}/memos?limit=100`;

  it("sends a large answer brotli- or gzip-compressed as the client accepts, the same JSON", async () => {
    const plain = await rawGetAsAlice(listPath(), null);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const json = JSON.parse(plain.body.toString("utf8"));

    const brotli = await rawGetAsAlice(listPath(), "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString("utf8"))).toEqual(json);

    const gzip = await rawGetAsAlice(listPath(), "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.body).toString("utf8"))).toEqual(json);
  });

  it("sends a small answer as it is", async () => {
    const small = await rawGetAsAlice(`/api/folders/${folderId}`, "br");
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("leaves the session routes and zip exports uncompressed", async () => {
    // Enough sessions that the listing is over the threshold.
    for (let n = 0; n < 6; n += 1) {
      const other = server.client();
      const signIn = await other.post("/api/auth/sign-in/email", {
        email: alice.email,
        password: alice.password,
      });
      expect(signIn.status).toBe(200);
    }
    const sessions = await rawGetAsAlice("/api/auth/list-sessions", "br");
    expect(sessions.status).toBe(200);
    expect(sessions.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(sessions.headers["content-encoding"]).toBeUndefined();

    const zip = await rawGetAsAlice("/api/export?format=mnemo", "br");
    expect(zip.status).toBe(200);
    expect(zip.headers["content-type"]).toMatch(/zip/);
    expect(zip.headers["content-encoding"]).toBeUndefined();
    expect(zip.body.subarray(0, 2).toString("latin1")).toBe("PK");
  });
});
