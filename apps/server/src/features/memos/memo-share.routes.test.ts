import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildFolder, buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import {
  clientFromFreshIp,
  type SignedUpUser,
  signUpVerified,
} from "../../../test/helpers/users.js";

/** 2026-11-23 03:00 UTC = 12:00 in Seoul (UTC+9). */
const T0 = Date.UTC(2026, 10, 23, 3, 0, 0);

let server: TestServer;
/** Korean (country KR). */
let alice: SignedUpUser;
/** Korean (country KR). */
let bob: SignedUpUser;
let clock = T0;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  [alice, bob] = await Promise.all([
    signUpVerified(server, { name: "앨리스" }),
    signUpVerified(server, { name: "밥" }),
  ]);
});
afterAll(async () => {
  await server.close();
});

async function storedMemo(userId: string, id: string) {
  return server.db.kysely
    .selectFrom("memos")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A signed-out visitor from an address of its own (the public route is limited per address). */
function visitor(): TestClient {
  return clientFromFreshIp(server);
}

/**
 * Creates a memo for the user and shares it; answers the memo as created, with `publicPath`, the
 * public route's address of its share.
 */
async function sharedMemo(client: TestClient, body: Record<string, unknown> = {}) {
  const memo = await buildMemo(client, { folderId: "root", ...body });
  const response = await client.put(`/api/memos/${memo.id}/share`);
  expect(response.status).toBe(200);
  const { countryCode, shareToken } = response.body.share;
  return { ...memo, shareToken, publicPath: `/api/public/${countryCode}/memos/${shareToken}` };
}

/** A share token: 20 random letters (randomId), never the memo's id. */
const SHARE_TOKEN = /^[A-Za-z]{20}$/;

const NOT_FOUND_BODY = { error: { code: "MEMO_NOT_FOUND", message: "memo not found" } };

describe("PUT /api/memos/:memoId/share", () => {
  it("shares the memo under the owner's country and answers its public address", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root", contents: "<p>공유</p>" });
    expect(memo.isShared).toBe(false);
    clock += 1000;
    const response = await alice.client.put(`/api/memos/${memo.id}/share`);
    expect(response.status).toBe(200);
    const { shareToken } = response.body.share;
    expect(shareToken).toMatch(SHARE_TOKEN);
    expect(shareToken).not.toBe(memo.id);
    expect(response.body).toEqual({
      share: { memoId: memo.id, countryCode: "KR", shareToken, path: `/view/KR/${shareToken}` },
    });
    const row = await storedMemo(alice.userId, memo.id);
    expect(row).toMatchObject({ is_shared: 1, shared_country_code: "KR", share_token: shareToken });
    // The address is the token's: the memo's id finds nothing.
    expect((await visitor().get(`/api/public/KR/memos/${shareToken}`)).status).toBe(200);
    expect((await visitor().get(`/api/public/KR/memos/${memo.id}`)).status).toBe(404);
    // Sharing is not an edit of the memo.
    expect(row?.updated_at).toBe(memo.updatedAt);
    const detail = (await alice.client.get(`/api/memos/${memo.id}`)).body.memo;
    expect(detail).toEqual({ ...memo, isShared: true });
    const list = (await alice.client.get("/api/folders/root/memos?limit=100")).body.memos;
    expect(list.find((m: { id: string }) => m.id === memo.id)?.isShared).toBe(true);
  });

  it("shares under the country of a user who has none of Korean (GL)", async () => {
    const { client } = await signUpVerified(server, { lang: "en" });
    const memo = await buildMemo(client, { folderId: "root" });
    const response = await client.put(`/api/memos/${memo.id}/share`);
    const { shareToken } = response.body.share;
    expect(response.body.share).toEqual({
      memoId: memo.id,
      countryCode: "GL",
      shareToken,
      path: `/view/GL/${shareToken}`,
    });
  });

  it("is idempotent: sharing again keeps the address, even after the owner's country changed", async () => {
    const carol = await signUpVerified(server);
    const memo = await sharedMemo(carol.client);
    const before = await storedMemo(carol.userId, memo.id);
    expect((await carol.client.patch("/api/me", { countryCode: "US" })).status).toBe(200);

    const again = await carol.client.put(`/api/memos/${memo.id}/share`);
    expect(again.status).toBe(200);
    expect(again.body.share).toEqual({
      memoId: memo.id,
      countryCode: "KR",
      shareToken: memo.shareToken,
      path: `/view/KR/${memo.shareToken}`,
    });
    expect(await storedMemo(carol.userId, memo.id)).toEqual(before);

    // Shared anew, it takes the owner's country of now and a new token: the old link stays dead.
    expect((await carol.client.delete(`/api/memos/${memo.id}/share`)).status).toBe(204);
    const anew = await carol.client.put(`/api/memos/${memo.id}/share`);
    const { shareToken } = anew.body.share;
    expect(shareToken).not.toBe(memo.shareToken);
    expect(anew.body.share).toEqual({
      memoId: memo.id,
      countryCode: "US",
      shareToken,
      path: `/view/US/${shareToken}`,
    });
    expect((await visitor().get(`/api/public/US/memos/${shareToken}`)).status).toBe(200);
    expect((await visitor().get(memo.publicPath)).status).toBe(404);
    expect((await visitor().get(`/api/public/US/memos/${memo.shareToken}`)).status).toBe(404);
  });

  it("gives another user's memo with the same id an address of its own, never the owner's", async () => {
    const [dave, erin] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const original = await sharedMemo(dave.client, { title: "원본", contents: "<p>원본</p>" });
    // Ids are unique per user: erin can make a memo with dave's id and share it, elsewhere.
    const copy = await sharedMemo(erin.client, {
      id: original.id,
      title: "가짜",
      contents: "<p>가짜</p>",
    });
    expect(copy.id).toBe(original.id);
    expect(copy.publicPath).not.toBe(original.publicPath);
    expect((await visitor().get(original.publicPath)).body.memo.title).toBe("원본");
    expect((await visitor().get(copy.publicPath)).body.memo.title).toBe("가짜");
  });

  // Issue 16 item 3: once dave stopped sharing, erin's memo of the same id took his address.
  it("keeps an unshared link dead whoever shares a memo of that id, and lets the owner share again", async () => {
    const [dave, erin] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const original = await sharedMemo(dave.client, { title: "원본", contents: "<p>원본</p>" });
    expect((await dave.client.delete(`/api/memos/${original.id}/share`)).status).toBe(204);

    const copy = await sharedMemo(erin.client, { id: original.id, title: "가짜" });
    const oldLink = await visitor().get(original.publicPath);
    expect(oldLink.status).toBe(404);
    expect(JSON.stringify(oldLink.body)).not.toContain("가짜");

    const again = await dave.client.put(`/api/memos/${original.id}/share`);
    expect(again.status).toBe(200);
    const path = `/api/public/KR/memos/${again.body.share.shareToken}`;
    expect((await visitor().get(path)).body.memo.title).toBe("원본");
    expect((await visitor().get(copy.publicPath)).body.memo.title).toBe("가짜");
  });

  it("answers 404 MEMO_NOT_FOUND for another user's memo and leaves it unshared", async () => {
    const bobs = await buildMemo(bob.client, { folderId: "root", title: "밥의 비밀" });
    const before = await storedMemo(bob.userId, bobs.id);
    const response = await alice.client.put(`/api/memos/${bobs.id}/share`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("MEMO_NOT_FOUND");
    expect(JSON.stringify(response.body)).not.toContain("비밀");
    expect(await storedMemo(bob.userId, bobs.id)).toEqual(before);
    expect((await visitor().get(`/api/public/KR/memos/${bobs.id}`)).status).toBe(404);
  });

  it("answers 400 VALIDATION_FAILED for a malformed id", async () => {
    const response = await alice.client.put("/api/memos/no%20spaces/share");
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path: "memoId" }));
  });

  it("answers 401 UNAUTHENTICATED when signed out and shares nothing", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const response = await server.client().put(`/api/memos/${memo.id}/share`);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
    expect(await storedMemo(alice.userId, memo.id)).toMatchObject({
      is_shared: 0,
      shared_country_code: null,
    });
  });

  it("answers 403 CSRF_REJECTED without the anti-forgery header and shares nothing", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const response = await alice.client.request(
      "PUT",
      `/api/memos/${memo.id}/share`,
      {},
      {
        xsrf: false,
      },
    );
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("CSRF_REJECTED");
    expect((await storedMemo(alice.userId, memo.id))?.is_shared).toBe(0);
  });
});

describe("DELETE /api/memos/:memoId/share", () => {
  it("stops sharing: the public address answers 404 and the owner sees isShared false", async () => {
    const memo = await sharedMemo(alice.client);
    expect((await visitor().get(memo.publicPath)).status).toBe(200);
    const response = await alice.client.delete(`/api/memos/${memo.id}/share`);
    expect(response.status).toBe(204);
    expect(response.body).toBe("");
    expect(await storedMemo(alice.userId, memo.id)).toMatchObject({
      is_shared: 0,
      shared_country_code: null,
      share_token: null,
    });
    expect((await alice.client.get(`/api/memos/${memo.id}`)).body.memo.isShared).toBe(false);
    const view = await visitor().get(memo.publicPath);
    expect(view.status).toBe(404);
    expect(view.body).toEqual(NOT_FOUND_BODY);
  });

  it("answers 204 for a memo that is not shared and changes nothing", async () => {
    const memo = await buildMemo(alice.client, { folderId: "root" });
    const before = await storedMemo(alice.userId, memo.id);
    expect((await alice.client.delete(`/api/memos/${memo.id}/share`)).status).toBe(204);
    expect(await storedMemo(alice.userId, memo.id)).toEqual(before);
  });

  it("answers 404 MEMO_NOT_FOUND for another user's memo and keeps it shared", async () => {
    const bobs = await sharedMemo(bob.client, { title: "밥의 공유" });
    const before = await storedMemo(bob.userId, bobs.id);
    const response = await alice.client.delete(`/api/memos/${bobs.id}/share`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("MEMO_NOT_FOUND");
    expect(await storedMemo(bob.userId, bobs.id)).toEqual(before);
    expect((await visitor().get(bobs.publicPath)).status).toBe(200);
  });

  it("answers 400 VALIDATION_FAILED for a malformed id", async () => {
    const response = await alice.client.delete("/api/memos/a.b/share");
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path: "memoId" }));
  });

  it("answers 401 UNAUTHENTICATED when signed out and keeps the memo shared", async () => {
    const memo = await sharedMemo(alice.client);
    const response = await server.client().delete(`/api/memos/${memo.id}/share`);
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("UNAUTHENTICATED");
    expect((await storedMemo(alice.userId, memo.id))?.is_shared).toBe(1);
  });
});

describe("GET /api/public/:countryCode/memos/:shareToken", () => {
  const secret = "숨은-정보-7f3a";

  /** A shared memo of alice's with private details (folder, hint, tags, reviews) around it. */
  async function richSharedMemo() {
    const folder = await buildFolder(alice.client, { title: `${secret} 폴더` });
    const memo = await buildMemo(alice.client, {
      folderId: folder.id,
      title: "공개 제목 😀",
      contents: '<p>공개 <strong>본문</strong> <a href="https://example.com">링크</a></p>',
      flashCardHint: secret,
      tags: [secret],
      category: secret,
      categoryId: "secretCategory",
      priority: 3,
    });
    await alice.client.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId(), value: 2 });
    await alice.client.post(`/api/memos/${memo.id}/complete`, { opId: newOpId() });
    const share = await alice.client.put(`/api/memos/${memo.id}/share`);
    expect(share.status).toBe(200);
    return { folder, memo, publicPath: `/api/public/KR/memos/${share.body.share.shareToken}` };
  }

  it("answers a signed-out visitor the memo's title, contents, preview and times only", async () => {
    const { folder, memo, publicPath } = await richSharedMemo();
    const response = await visitor().get(publicPath);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      memo: {
        id: memo.id,
        title: "공개 제목 😀",
        contents:
          '<p>공개 <strong>본문</strong> <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">링크</a></p>',
        preview: "공개 본문 링크",
        createdAt: memo.createdAt,
        updatedAt: memo.updatedAt,
      },
    });
    const text = JSON.stringify(response.body);
    for (const hidden of [
      secret,
      alice.userId,
      alice.email,
      "앨리스",
      folder.id,
      "secretCategory",
    ]) {
      expect(text).not.toContain(hidden);
    }
    expect(response.headers.get("content-type")).toMatch(/^application\/json\b/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers the same to the signed-in owner and to another signed-in user", async () => {
    const { publicPath: path } = await richSharedMemo();
    const signedOut = await visitor().get(path);
    for (const client of [alice.client, bob.client]) {
      const response = await client.get(path);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(signedOut.body);
    }
  });

  it("shows the owner's latest contents", async () => {
    const memo = await sharedMemo(alice.client, { contents: "<p>처음</p>" });
    clock += 5000;
    await alice.client.patch(`/api/memos/${memo.id}`, { contents: "<p>고친 내용</p>" });
    const response = await visitor().get(memo.publicPath);
    expect(response.body.memo).toMatchObject({
      contents: "<p>고친 내용</p>",
      preview: "고친 내용",
      updatedAt: clock,
    });
  });

  it("answers contents as stored, so a script never comes back", async () => {
    const memo = await sharedMemo(alice.client, {
      contents:
        '<p onclick="alert(1)">안녕</p><script>alert(1)</script><img src=x onerror=alert(1)>' +
        '<img src="/api/attachments/aaaaaaaaaaaaaaaaaaaa" alt="사진" onerror="alert(1)">',
    });
    const response = await visitor().get(memo.publicPath);
    // Only images of the user's attachments stay (issue 11 › Images), without handlers.
    expect(response.body.memo.contents).toBe(
      '<p>안녕</p><img src="/api/attachments/aaaaaaaaaaaaaaaaaaaa" alt="사진" />',
    );
    expect(response.body.memo.contents).toBe(
      (await alice.client.get(`/api/memos/${memo.id}`)).body.memo.contents,
    );
  });

  const notFound: Array<[string, () => Promise<string>]> = [
    [
      "a memo that is not shared",
      async () =>
        `/api/public/KR/memos/${(await buildMemo(alice.client, { folderId: "root" })).id}`,
    ],
    [
      "a memo that was shared and then deleted",
      async () => {
        const memo = await sharedMemo(alice.client);
        expect((await alice.client.delete(`/api/memos/${memo.id}`)).status).toBe(204);
        return memo.publicPath;
      },
    ],
    [
      "a memo whose folder was deleted",
      async () => {
        const folder = await buildFolder(alice.client);
        const memo = await sharedMemo(alice.client, { folderId: folder.id });
        expect((await alice.client.delete(`/api/folders/${folder.id}`)).status).toBe(204);
        return memo.publicPath;
      },
    ],
    [
      "another country",
      async () => `/api/public/US/memos/${(await sharedMemo(alice.client)).shareToken}`,
    ],
    [
      "a lower-case country",
      async () => `/api/public/kr/memos/${(await sharedMemo(alice.client)).shareToken}`,
    ],
    [
      "an unknown country",
      async () => `/api/public/XX/memos/${(await sharedMemo(alice.client)).shareToken}`,
    ],
    [
      "the id of a shared memo instead of its token",
      async () => `/api/public/KR/memos/${(await sharedMemo(alice.client)).id}`,
    ],
    ["a token nobody has", async () => "/api/public/KR/memos/nobodyHasThisIdAAAAA"],
    ["a malformed id", async () => "/api/public/KR/memos/no%20spaces"],
    ["an id with a dot", async () => "/api/public/KR/memos/a.b"],
    ["an id over 64 characters", async () => `/api/public/KR/memos/${"a".repeat(65)}`],
    ["an id with a quote", async () => "/api/public/KR/memos/%22%3E%3Cscript%3E"],
  ];

  it.each(notFound)("answers 404 MEMO_NOT_FOUND for %s, like for any other", async (_, pathOf) => {
    const path = await pathOf();
    for (const client of [visitor(), bob.client, alice.client]) {
      const response = await client.get(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND_BODY);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("limits one address to 60 reads a minute with RATE_LIMITED", async () => {
    const path = (await sharedMemo(alice.client)).publicPath;
    const client = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await client.get(path)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const last = await client.get(path);
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe("RATE_LIMITED");
    expect((await visitor().get(path)).status).toBe(200);
  });
});
