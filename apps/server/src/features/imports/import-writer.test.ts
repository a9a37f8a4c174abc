import { ATTACHMENT_MAX_BYTES, type ImportBundle, importAttachmentSrc } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../../../test/helpers/users.js";
import { writeImportBundle } from "./import-writer.js";

// The writer with what the original app's files never carry (images, grades, derived ids), fed a
// bundle as a reader makes one; what it stored is read back through the routes.

const T0 = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

let server: TestServer;
let user: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer({ now: () => T0 });
  user = await signUpVerified(server);
});
afterAll(async () => {
  await server.close();
});

function ankiLikeBundle(): ImportBundle {
  const big = new Uint8Array(ATTACHMENT_MAX_BYTES + 1);
  big.set(PNG);
  return {
    format: "anki",
    folders: [
      { key: "일본어", parentKey: null, title: "일본어" },
      { key: "일본어::단어", parentKey: "일본어", title: "단어", settings: { scheduler: "fsrs" } },
    ],
    memos: [
      {
        key: "guid-1",
        folderKey: "일본어::단어",
        title: "猫",
        contents:
          `<p>고양이</p><img src="${importAttachmentSrc("고양이.png")}">` +
          `<img src='${importAttachmentSrc("같은 그림.png")}'>` +
          `<img src="${importAttachmentSrc("소리.mp3")}"><img src="${importAttachmentSrc("없음.jpg")}">` +
          `<img src="${importAttachmentSrc("큰 그림.png")}">`,
        tags: ["JLPT", "jlpt", "#N5"],
        createdAt: T0 - 10 * DAY,
        updatedAt: T0 - 10 * DAY,
        reviews: [
          { at: T0 - 9 * DAY, grade: 3 },
          { at: T0 - 5 * DAY, grade: 1 },
          { at: T0 - 4 * DAY, grade: 4 },
        ],
        completions: [],
      },
      {
        key: "guid-2",
        folderKey: "일본어",
        title: "",
        contents: `<p>犬 dog</p><img src="${importAttachmentSrc("그림.gif")}">`,
        tags: [],
        createdAt: T0 - 2 * DAY,
        updatedAt: T0 - DAY,
        reviews: [],
        completions: [T0 - DAY, T0 - DAY],
      },
    ],
    attachments: [
      { key: "고양이.png", bytes: PNG },
      { key: "같은 그림.png", bytes: PNG },
      { key: "소리.mp3", bytes: Buffer.from("ID3 not an image") },
      { key: "큰 그림.png", bytes: big },
      { key: "그림.gif", bytes: GIF },
      { key: "아무도 안 씀.gif", bytes: GIF },
    ],
    skipped: [{ item: "note 7", reason: "UNREADABLE", detail: "no fields" }],
  };
}

describe("writeImportBundle", () => {
  let memoIds: string[];

  it("stores images once by their bytes, rewrites references and reports what it left out", async () => {
    const progress: Array<[number, number]> = [];
    const report = await writeImportBundle(
      server.app.deps,
      { id: user.userId, name: "" },
      ankiLikeBundle(),
      (done, total) => progress.push([done, total]),
    );
    expect(progress.at(-1)).toEqual([2, 2]);
    expect(report).toMatchObject({ format: "anki", folders: 2, memos: 2, reviews: 3 });
    // The PNG twice is one image; the GIF once; the unused GIF is not stored.
    expect(report.attachments).toBe(2);
    expect(report.skipped).toEqual([
      { item: "note 7", reason: "UNREADABLE", detail: "no fields" },
      { item: "소리.mp3", reason: "MEDIA_NOT_IMAGE" },
      {
        item: "큰 그림.png",
        reason: "MEDIA_TOO_LARGE",
        detail: `${ATTACHMENT_MAX_BYTES + 1} bytes`,
      },
      { item: "없음.jpg", reason: "MEDIA_MISSING" },
    ]);

    const folders = (await user.client.get("/api/folders")).body.folders;
    const parent = folders.find((f: { title: string }) => f.title === "일본어");
    const child = folders.find((f: { title: string }) => f.title === "단어");
    expect(child).toMatchObject({ parentFolderId: parent.id, scheduler: "fsrs" });
    expect(child.parentFolderLocation).toBe(parent.id);
    expect(parent.subFolderIds).toEqual([child.id]);

    const list = (await user.client.get(`/api/folders/${child.id}/memos`)).body.memos;
    const cat = (await user.client.get(`/api/memos/${list[0].id}`)).body.memo;
    const [first, second] = [...cat.contents.matchAll(/src="(\/api\/attachments\/\w+)"/g)].map(
      (match) => match[1],
    );
    expect(first).toBe(second);
    expect(cat.contents).toBe(`<p>고양이</p><img src="${first}" /><img src="${first}" />`);
    const image = await user.client.getBytes(first);
    expect(image.status).toBe(200);
    expect(Buffer.from(image.bytes).equals(PNG)).toBe(true);
    expect(cat).toMatchObject({
      tags: ["JLPT", "N5"],
      reviewCount: 3,
      lastReviewedAt: T0 - 4 * DAY,
    });
    // The FSRS state the review route derives from the same grades at the same times.
    const viaRoutes = (
      await user.client.post("/api/memos", { folderId: child.id, title: "猫 (손으로)" })
    ).body.memo;
    for (const [i, review] of ankiLikeBundle().memos[0]?.reviews.entries() ?? []) {
      await user.client.post(`/api/memos/${viaRoutes.id}/reviews`, {
        opId: `route-review-${i}`,
        reviewedAt: review.at,
        grade: review.grade,
      });
    }
    const routeState = (await user.client.get(`/api/memos/${viaRoutes.id}`)).body.memo.fsrs;
    expect(cat.fsrs).toEqual(routeState);
    expect(cat.fsrs.reps).toBe(3);

    const dogList = (await user.client.get(`/api/folders/${parent.id}/memos`)).body.memos;
    const dog = (await user.client.get(`/api/memos/${dogList[0].id}`)).body.memo;
    expect(dog).toMatchObject({ title: "犬 dog", completedCount: 2, fsrs: null });
    memoIds = [cat.id, dog.id];
  });

  it("finds what it made when the same bundle comes again", async () => {
    const report = await writeImportBundle(
      server.app.deps,
      { id: user.userId, name: "" },
      ankiLikeBundle(),
      () => {},
    );
    expect(report).toMatchObject({ folders: 0, memos: 0, reviews: 0, attachments: 0 });
    expect(report.skipped.filter((s) => s.reason === "ALREADY_IMPORTED")).toHaveLength(4);
    const rows = await server.db.kysely
      .selectFrom("memos")
      .select("id")
      .where("user_id", "=", user.userId)
      .where("id", "in", memoIds)
      .execute();
    expect(rows).toHaveLength(2);
  });
});
