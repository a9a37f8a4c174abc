import { createHash } from "node:crypto";
import { ATTACHMENT_MAX_BYTES, ErrorCode, randomId } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import {
  clientFromFreshIp,
  type SignedUpUser,
  signUpVerified,
} from "../../../test/helpers/users.js";

/** 2026-11-23 03:00 UTC. */
const T0 = Date.UTC(2026, 10, 23, 3, 0, 0);
const DAY = 86_400_000;

/** Real 1×1 images of each accepted type. */
const IMAGES = {
  "image/png": Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
  "image/jpeg": Buffer.from(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////" +
      "////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAA" +
      "AAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z",
    "base64",
  ),
  "image/gif": Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
  "image/webp": Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64"),
} as const;
const PNG = IMAGES["image/png"];

let server: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;
let clock = T0;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  [alice, bob] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
});
afterAll(async () => {
  await server.close();
});

/** A form with an optional id and one file, declared with any name and type. */
function imageForm(
  bytes: Uint8Array,
  options: { id?: string; name?: string; type?: string } = {},
): FormData {
  const form = new FormData();
  if (options.id !== undefined) form.append("id", options.id);
  const blob = new Blob([bytes], { type: options.type ?? "application/octet-stream" });
  form.append("file", blob, options.name ?? "image");
  return form;
}

function upload(client: TestClient, bytes: Uint8Array, options?: Parameters<typeof imageForm>[1]) {
  return client.postForm("/api/attachments", imageForm(bytes, options));
}

async function storedRows(userId: string) {
  return server.db.kysely
    .selectFrom("attachments")
    .select(["id", "byte_size", "deleted_at"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}

const imageTag = (id: string) => `<p>그림</p><p><img src="/api/attachments/${id}" alt="그림"></p>`;

describe("POST /api/attachments", () => {
  it.each(Object.entries(IMAGES))("stores a %s image and answers it", async (type, bytes) => {
    const response = await upload(alice.client, bytes, { name: "사진.bin", type: "text/plain" });
    expect(response.status).toBe(201);
    const { attachment } = response.body;
    expect(attachment).toEqual({
      id: expect.stringMatching(/^[A-Za-z]{20}$/),
      contentType: type,
      byteSize: bytes.length,
      createdAt: clock,
      path: `/api/attachments/${attachment.id}`,
    });
    const read = await alice.client.getBytes(attachment.path);
    expect(read.status).toBe(200);
    expect(Buffer.from(read.bytes).equals(bytes)).toBe(true);
    expect(read.headers.get("content-type")).toBe(type);
  });

  it.each([
    ["a text file named .png", Buffer.from("안녕하세요, not an image"), "note.png", "image/png"],
    [
      "an SVG with script",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      "a.svg",
      "image/svg+xml",
    ],
    ["an HTML page", Buffer.from("<!doctype html><script>alert(1)</script>"), "a.gif", "image/gif"],
    ["an empty file", Buffer.alloc(0), "a.png", "image/png"],
  ])("refuses %s with 415 ATTACHMENT_TYPE_UNSUPPORTED", async (_, bytes, name, type) => {
    const user = await signUpVerified(server);
    const response = await upload(user.client, bytes, { name, type });
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe(ErrorCode.ATTACHMENT_TYPE_UNSUPPORTED);
    expect(await storedRows(user.userId)).toEqual([]);
  });

  it("refuses an image over 10 MB with 413 ATTACHMENT_TOO_LARGE and stores nothing", async () => {
    const user = await signUpVerified(server);
    const tooLarge = Buffer.alloc(ATTACHMENT_MAX_BYTES + 1);
    PNG.copy(tooLarge);
    const response = await upload(user.client, tooLarge, { type: "image/png" });
    expect(response.status).toBe(413);
    expect(response.body.error).toMatchObject({
      code: ErrorCode.ATTACHMENT_TOO_LARGE,
      details: { maxBytes: ATTACHMENT_MAX_BYTES },
    });
    expect(await storedRows(user.userId)).toEqual([]);
  });

  it("refuses an image whose last byte over 10 MB arrives after the rest (413, not stored)", async () => {
    // The parser marks the file cut short only when the extra byte arrives; an upload whose
    // allowed bytes were all read before it came was once stored whole-but-cut (201).
    const user = await signUpVerified(server);
    const first = Buffer.alloc(ATTACHMENT_MAX_BYTES);
    PNG.copy(first);
    const response = await user.client.postFileInTwoWrites("/api/attachments", {
      first,
      rest: Buffer.from([0x42]),
      name: "big.png",
      type: "image/png",
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe(ErrorCode.ATTACHMENT_TOO_LARGE);
    expect(await storedRows(user.userId)).toEqual([]);
  });

  it("stores an image of exactly 10 MB", async () => {
    const user = await signUpVerified(server);
    const largest = Buffer.alloc(ATTACHMENT_MAX_BYTES);
    PNG.copy(largest);
    const response = await upload(user.client, largest);
    expect(response.status).toBe(201);
    expect(response.body.attachment.byteSize).toBe(ATTACHMENT_MAX_BYTES);
  });

  it.each([
    ["a JSON body", (client: TestClient) => client.post("/api/attachments", { file: "x" })],
    [
      "a form without a file",
      (client: TestClient) => {
        const form = new FormData();
        form.append("id", randomId());
        return client.postForm("/api/attachments", form);
      },
    ],
    ["a malformed id", (client: TestClient) => upload(client, PNG, { id: "../../memos" })],
    [
      "a multipart body cut short",
      (client: TestClient) =>
        client.request("POST", "/api/attachments", undefined, {
          raw: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.gif"\r\n\r\nGIF89a',
          headers: { "content-type": "multipart/form-data; boundary=b" },
        }),
    ],
  ])("answers 400 VALIDATION_FAILED for %s", async (_, send) => {
    const user = await signUpVerified(server);
    const response = await send(user.client);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(await storedRows(user.userId)).toEqual([]);
  });

  it("requires a session", async () => {
    const response = await server.client().postForm("/api/attachments", imageForm(PNG));
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe(ErrorCode.UNAUTHENTICATED);
  });

  it("answers a replay of a client id with the same bytes with the stored image (200)", async () => {
    const user = await signUpVerified(server);
    const id = randomId();
    const first = await upload(user.client, PNG, { id });
    expect(first.status).toBe(201);
    clock += 1000;
    const replay = await upload(user.client, PNG, { id });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await storedRows(user.userId)).toHaveLength(1);
  });

  it("refuses a client id already used for other bytes with 409 ATTACHMENT_ID_CONFLICT", async () => {
    const user = await signUpVerified(server);
    const id = randomId();
    await upload(user.client, PNG, { id });
    const other = await upload(user.client, IMAGES["image/gif"], { id });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe(ErrorCode.ATTACHMENT_ID_CONFLICT);
    const read = await user.client.getBytes(`/api/attachments/${id}`);
    expect(Buffer.from(read.bytes).equals(PNG)).toBe(true);
  });

  it("takes another user's id as a new image of one's own", async () => {
    const id = randomId();
    await upload(alice.client, PNG, { id });
    const response = await upload(bob.client, IMAGES["image/gif"], { id });
    expect(response.status).toBe(201);
    expect(Buffer.from((await alice.client.getBytes(`/api/attachments/${id}`)).bytes)).toEqual(PNG);
    expect(
      Buffer.from((await bob.client.getBytes(`/api/attachments/${id}`)).bytes).equals(
        IMAGES["image/gif"],
      ),
    ).toBe(true);
  });
});

describe("GET /api/attachments/:attachmentId", () => {
  it("answers with headers that keep it an image: cache, ETag, nosniff, disposition, CSP", async () => {
    const { attachment } = (await upload(alice.client, IMAGES["image/jpeg"])).body;
    const read = await alice.client.getBytes(attachment.path);
    const sha = createHash("sha256").update(IMAGES["image/jpeg"]).digest("hex");
    expect(Object.fromEntries(read.headers)).toMatchObject({
      "content-type": "image/jpeg",
      "content-length": String(IMAGES["image/jpeg"].length),
      "cache-control": "private, max-age=31536000, immutable",
      etag: `"${sha}"`,
      "x-content-type-options": "nosniff",
      "content-disposition": `inline; filename="${attachment.id}.jpg"`,
      "content-security-policy": "default-src 'none'; sandbox",
    });
    const again = await alice.client.getBytes(attachment.path, { "if-none-match": `"${sha}"` });
    expect(again.status).toBe(304);
    expect(again.bytes).toHaveLength(0);
  });

  it("answers another user 404 ATTACHMENT_NOT_FOUND, exactly as for an unknown id", async () => {
    const { attachment } = (await upload(alice.client, PNG)).body;
    const asBob = await bob.client.get(attachment.path);
    const unknown = await bob.client.get(`/api/attachments/${attachment.id}x`);
    expect(asBob.status).toBe(404);
    expect(asBob.body.error.code).toBe(ErrorCode.ATTACHMENT_NOT_FOUND);
    expect(asBob.headers.get("cache-control")).toBe("no-store");
    expect(JSON.stringify(asBob.body).replace(attachment.id, "<id>")).toBe(
      JSON.stringify(unknown.body).replace(`${attachment.id}x`, "<id>"),
    );
  });

  it("requires a session", async () => {
    const { attachment } = (await upload(alice.client, PNG)).body;
    const response = await server.client().get(attachment.path);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe(ErrorCode.UNAUTHENTICATED);
  });
});

describe("images of deleted memos, folders and accounts", () => {
  async function memoShowing(client: TestClient, ids: string[], folderId = "root") {
    const contents = ids.map(imageTag).join("");
    const response = await client.post("/api/memos", { folderId, title: "그림 메모", contents });
    expect(response.status).toBe(201);
    expect(response.body.memo.contents).toContain(`/api/attachments/${ids[0]}`);
    return response.body.memo.id as string;
  }

  it("a trashed memo keeps its images; deleting it for good deletes them, and a replayed upload does not bring one back", async () => {
    const user = await signUpVerified(server);
    const id = randomId();
    await upload(user.client, PNG, { id });
    const memoId = await memoShowing(user.client, [id]);
    expect((await user.client.delete(`/api/memos/${memoId}`)).status).toBe(204);
    // In the trash (PRODUCT.md › Trash) it still shows the image, even past the day of purges.
    clock += DAY + 1000;
    await upload(user.client, PNG);
    expect((await user.client.getBytes(`/api/attachments/${id}`)).status).toBe(200);
    expect((await user.client.delete(`/api/trash/memo/${memoId}`)).status).toBe(204);
    expect((await user.client.get(`/api/attachments/${id}`)).status).toBe(404);
    expect((await storedRows(user.userId)).find((row) => row.id === id)).toEqual({
      id,
      byte_size: PNG.length,
      deleted_at: clock,
    });
    const replay = await upload(user.client, PNG, { id });
    expect(replay.status).toBe(410);
    expect(replay.body.error.code).toBe(ErrorCode.ATTACHMENT_DELETED);
    expect((await user.client.get(`/api/attachments/${id}`)).status).toBe(404);
  });

  it("keeps an image another memo or the scratch text still shows", async () => {
    const user = await signUpVerified(server);
    const [shared, inText, own] = [randomId(), randomId(), randomId()];
    for (const id of [shared, inText, own]) await upload(user.client, PNG, { id });
    const memoId = await memoShowing(user.client, [shared, inText, own]);
    await memoShowing(user.client, [shared]);
    await user.client.put("/api/text", { contents: imageTag(inText) });
    await user.client.delete(`/api/memos/${memoId}`);
    await user.client.delete("/api/trash");
    expect((await user.client.getBytes(`/api/attachments/${shared}`)).status).toBe(200);
    expect((await user.client.getBytes(`/api/attachments/${inText}`)).status).toBe(200);
    expect((await user.client.getBytes(`/api/attachments/${own}`)).status).toBe(404);
  });

  it("emptying the trash deletes the images of a trashed folder's memos", async () => {
    const user = await signUpVerified(server);
    const folder = (await user.client.post("/api/folders", { title: "그림들" })).body.folder;
    const id = randomId();
    await upload(user.client, PNG, { id });
    await memoShowing(user.client, [id], folder.id);
    expect((await user.client.delete(`/api/folders/${folder.id}`)).status).toBe(204);
    expect((await user.client.getBytes(`/api/attachments/${id}`)).status).toBe(200);
    expect((await user.client.delete("/api/trash")).status).toBe(204);
    expect((await user.client.getBytes(`/api/attachments/${id}`)).status).toBe(404);
  });

  it("deleting a memo leaves another user's image of the same id alone", async () => {
    const id = randomId();
    await upload(alice.client, PNG, { id });
    await upload(bob.client, PNG, { id });
    const memoId = await memoShowing(bob.client, [id]);
    await bob.client.delete(`/api/memos/${memoId}`);
    expect((await alice.client.getBytes(`/api/attachments/${id}`)).status).toBe(200);
  });

  it("deleting the account deletes every image of it", async () => {
    const user = await signUpVerified(server);
    await upload(user.client, PNG);
    const id = randomId();
    await upload(user.client, PNG, { id });
    await memoShowing(user.client, [id]);
    expect(await storedRows(user.userId)).toHaveLength(2);
    const response = await user.client.post("/api/auth/delete-user", { password: user.password });
    expect(response.status).toBe(200);
    expect(await storedRows(user.userId)).toEqual([]);
  });

  it("purges an upload nothing has shown for a day at the next upload", async () => {
    const user = await signUpVerified(server);
    const [unshown, shown, recent] = [randomId(), randomId(), randomId()];
    await upload(user.client, PNG, { id: unshown });
    await upload(user.client, PNG, { id: shown });
    await memoShowing(user.client, [shown]);
    clock += DAY - 1000;
    await upload(user.client, PNG, { id: recent });
    expect((await storedRows(user.userId)).filter((row) => row.deleted_at === null)).toHaveLength(
      3,
    );
    clock += 2000;
    await upload(user.client, IMAGES["image/gif"]);
    const live = (await storedRows(user.userId)).filter((row) => row.deleted_at === null);
    const liveIds = live.map((row) => row.id);
    expect(liveIds).toHaveLength(3);
    expect(liveIds).toEqual(expect.arrayContaining([shown, recent]));
    expect(liveIds).not.toContain(unshown);
    expect((await user.client.getBytes(`/api/attachments/${unshown}`)).status).toBe(404);
  });
});

describe("GET /api/public/:countryCode/memos/:shareToken/attachments/:attachmentId", () => {
  it("answers an image the shared memo shows to anyone, and nothing else", async () => {
    const user = await signUpVerified(server);
    const [shown, notShown] = [randomId(), randomId()];
    await upload(user.client, PNG, { id: shown });
    await upload(user.client, PNG, { id: notShown });
    const memo = (
      await user.client.post("/api/memos", {
        folderId: "root",
        title: "공유",
        contents: `${imageTag(shown)}<p>/api/attachments/${notShown}</p>`,
      })
    ).body.memo;
    const { countryCode, shareToken } = (await user.client.put(`/api/memos/${memo.id}/share`)).body
      .share;
    const base = `/api/public/${countryCode}/memos/${shareToken}/attachments`;
    const visitor = clientFromFreshIp(server);
    const read = await visitor.getBytes(`${base}/${shown}`);
    expect(read.status).toBe(200);
    expect(Buffer.from(read.bytes).equals(PNG)).toBe(true);
    expect(read.headers.get("cache-control")).toBe("no-cache");
    expect(read.headers.get("x-content-type-options")).toBe("nosniff");
    expect(read.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");

    const refused = [
      await visitor.get(`${base}/${notShown}`),
      await visitor.get(`${base}/${randomId()}`),
      await visitor.get(`/api/public/${countryCode}/memos/${randomId()}/attachments/${shown}`),
      await visitor.get(`/api/public/ZZ/memos/${shareToken}/attachments/${shown}`),
    ];
    expect(refused.map((r) => [r.status, r.body.error.code])).toEqual(
      refused.map(() => [404, ErrorCode.ATTACHMENT_NOT_FOUND]),
    );

    await user.client.delete(`/api/memos/${memo.id}/share`);
    expect((await visitor.get(`${base}/${shown}`)).status).toBe(404);
  });
});
