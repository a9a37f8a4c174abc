import { ErrorCode, type ImportBundle, randomId } from "@mnemo/domain";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { TestClient } from "../../../test/helpers/client.js";
import { newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../../../test/helpers/users.js";
import { ankiReader } from "../imports/formats/anki.js";
import { mnemoReader } from "../imports/formats/mnemo.js";
import type { MnemoDocument } from "../imports/formats/mnemo-document.js";
import { listZipEntries } from "../imports/formats/zip.js";
import { exportCounts } from "./export.service.js";
import { safeFileName } from "./markdown-archive.js";

/** 2026-11-23 03:00 UTC; the clock moves a minute per step of the set-up. */
const T0 = Date.UTC(2026, 10, 23, 3, 0, 0);
let clock = T0;
const tick = () => {
  clock += 60_000;
};

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

let server: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;
/** Text only Bob's data holds: no export of Alice's may contain it. */
const bobSecret = `밥의-비밀-${randomId()}`;
const ids = {
  parent: "",
  child: "",
  fsrs: "",
  image: randomId(),
  greeting: "",
  graded: "",
  done: "",
  undone: "",
  bobMemo: "",
  bobImage: randomId(),
};

async function ok<T = any>(
  response: Promise<{ status: number; body: T }>,
  what: string,
): Promise<T> {
  const answer = await response;
  if (answer.status >= 300) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  tick();
  return answer.body;
}

async function uploadPng(client: TestClient, id: string) {
  const form = new FormData();
  form.append("id", id);
  form.append("file", new Blob([PNG]), "그림.png");
  await ok(client.postForm("/api/attachments", form), "upload");
}

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
  [alice, bob] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
  const a = alice.client;
  ids.parent = (await ok(a.post("/api/folders", { title: "언어 Languages" }), "parent")).folder.id;
  ids.child = (
    await ok(
      a.post("/api/folders", {
        title: "한국어/Korean: 기초?",
        parentFolderId: ids.parent,
        sortingMethod: "oldest",
        enableCompletionFeature: true,
      }),
      "child",
    )
  ).folder.id;
  ids.fsrs = (
    await ok(
      a.post("/api/folders", { title: "FSRS 카드", scheduler: "fsrs", desiredRetention: 0.85 }),
      "fsrs folder",
    )
  ).folder.id;
  await uploadPng(a, ids.image);
  ids.greeting = (
    await ok(
      a.post("/api/memos", {
        folderId: ids.child,
        title: "안녕 Hello",
        contents: `<p>본문 <strong>굵게</strong> <s>지움</s></p><p><img src="/api/attachments/${ids.image}" alt="그림"></p>`,
        flashCardHint: "힌트 hint",
        tags: ["korean", "기초"],
      }),
      "greeting",
    )
  ).memo.id;
  const kept = newOpId();
  const undone = newOpId();
  await ok(a.post(`/api/memos/${ids.greeting}/reviews`, { opId: kept, value: 2 }), "review");
  await ok(a.post(`/api/memos/${ids.greeting}/reviews`, { opId: undone }), "review");
  await ok(a.delete(`/api/memos/${ids.greeting}/reviews/${undone}`), "undo review");
  ids.graded = (
    await ok(a.post("/api/memos", { folderId: ids.fsrs, title: "Card 카드" }), "graded")
  ).memo.id;
  await ok(a.post(`/api/memos/${ids.graded}/reviews`, { opId: newOpId(), grade: 3 }), "good");
  await ok(a.post(`/api/memos/${ids.graded}/reviews`, { opId: newOpId(), grade: 1 }), "again");
  ids.done = (
    await ok(a.post("/api/memos", { folderId: "root", title: "끝낸 일", priority: 2 }), "done")
  ).memo.id;
  await ok(a.post(`/api/memos/${ids.done}/complete`, { opId: newOpId() }), "complete");
  ids.undone = (
    await ok(a.post("/api/memos", { folderId: ids.child, title: "안녕 Hello" }), "twin")
  ).memo.id;
  await ok(a.post(`/api/memos/${ids.undone}/complete`, { opId: newOpId() }), "complete");
  await ok(a.post(`/api/memos/${ids.undone}/uncomplete`, { opId: newOpId() }), "uncomplete");

  const b = bob.client;
  await uploadPng(b, ids.bobImage);
  const bobFolder = (await ok(b.post("/api/folders", { title: bobSecret }), "bob folder")).folder;
  ids.bobMemo = (
    await ok(
      b.post("/api/memos", {
        folderId: bobFolder.id,
        title: bobSecret,
        contents: `<p>${bobSecret}</p><p><img src="/api/attachments/${ids.bobImage}" alt=""></p>`,
        tags: [bobSecret],
      }),
      "bob memo",
    )
  ).memo.id;
  await ok(b.post(`/api/memos/${ids.bobMemo}/reviews`, { opId: newOpId() }), "bob review");
});
afterAll(async () => {
  await server.close();
});

async function download(client: TestClient, format: string) {
  const response = await client.getBytes(`/api/export?format=${format}`);
  expect(response.status).toBe(200);
  return response;
}

function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(bytes);
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/** Alice's rows as stored, mapped by this test on its own to the document's shape. */
async function storedDocumentParts(userId: string) {
  const db = server.db.kysely;
  const folders = await db
    .selectFrom("folders")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  const memos = await db
    .selectFrom("memos")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  const reviews = await db
    .selectFrom("memo_reviews")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("reviewed_at")
    .orderBy("op_id")
    .execute();
  const completions = await db
    .selectFrom("memo_completions")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("completed_at")
    .orderBy("op_id")
    .execute();
  const attachments = await db
    .selectFrom("attachments")
    .selectAll()
    .where("user_id", "=", userId)
    .where("deleted_at", "is", null)
    .orderBy("id")
    .execute();
  return {
    folders: folders.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      parentFolderId: row.parent_folder_id,
      isCategoryFolder: row.is_category_folder === 1,
      order: row.sort_order,
      sortingMethod: row.sorting_method,
      dateRepetitionValue: row.date_repetition_value,
      readRepetitionValue: row.read_repetition_value,
      pinned: row.pinned === 1,
      sideNavPinned: row.side_nav_pinned === 1,
      enableCompletionFeature: row.enable_completion_feature === 1,
      enableCompletionFeatureWithCompletedMemosOnly:
        row.enable_completion_feature_with_completed_memos_only === 1,
      enableFlashCardFeature: row.enable_flash_card_feature === 1,
      showSortingValues: row.show_sorting_values === 1,
      showReviewCount: row.show_review_count === 1,
      showAtHomeReviewList: row.show_at_home_review_list === 1,
      scheduler: row.scheduler,
      desiredRetention: row.desired_retention,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    })),
    memos: memos.map((row) => ({
      id: row.id,
      folderId: row.folder_id,
      title: row.title,
      contents: row.contents,
      hint: row.flash_card_hint,
      tags: JSON.parse(row.tags) as string[],
      priority: row.priority,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      reviews: reviews
        .filter((review) => review.memo_id === row.id)
        .map((review) => ({
          opId: review.op_id,
          at: review.reviewed_at,
          grade: review.grade,
          value: review.value,
          undoneAt: review.undone_at,
        })),
      completions: completions
        .filter((completion) => completion.memo_id === row.id)
        .map((completion) => ({ at: completion.completed_at, undoneAt: completion.undone_at })),
    })),
    attachments: attachments.map((row) => ({
      id: row.id,
      contentType: row.content_type,
      byteSize: row.byte_size,
      sha256: row.sha256,
      createdAt: row.created_at,
      path: `attachments/${row.id}.png`,
      data: Buffer.from(row.data),
    })),
  };
}

describe("GET /api/export", () => {
  it("requires a session", async () => {
    const response = await server.client().get("/api/export?format=mnemo");
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe(ErrorCode.UNAUTHENTICATED);
  });

  it.each([
    ["no format", ""],
    ["an unknown format", "?format=pdf"],
    ["a format in capitals", "?format=MNEMO"],
    ["a Korean format", `?format=${encodeURIComponent("메모")}`],
  ])("answers 400 VALIDATION_FAILED for %s", async (_, query) => {
    const response = await alice.client.get(`/api/export${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(response.body.error.details[0].path).toBe("format");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it.each([
    ["mnemo", "application/zip", /^attachment; filename="mnemo-2026-11-\d\d\.zip"$/],
    ["markdown", "application/zip", /^attachment; filename="mnemo-2026-11-\d\d-markdown\.zip"$/],
    ["apkg", "application/octet-stream", /^attachment; filename="mnemo-2026-11-\d\d\.apkg"$/],
  ])("answers %s as a download that is never stored or sniffed", async (format, type, name) => {
    const response = await download(alice.client, format);
    expect(response.headers.get("content-type")).toBe(type);
    expect(response.headers.get("content-disposition")).toMatch(name);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Object.keys(unzip(response.bytes)).length).toBeGreaterThan(1);
  });
});

describe("HEAD /api/export", () => {
  it("answers the download's headers without making it", async () => {
    const finished = exportCounts.finished + exportCounts.stopped;
    const response = await alice.client.request("HEAD", "/api/export?format=markdown");
    expect(response.status).toBe(200);
    expect(response.body).toBe("");
    expect(response.headers.get("content-disposition")).toMatch(/-markdown\.zip"$/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(exportCounts.running).toBe(0);
    expect(exportCounts.finished + exportCounts.stopped).toBe(finished);
  });
});

describe("GET /api/export?format=mnemo", () => {
  it("lists exactly the user's folders, memos, reviews, completions and images", async () => {
    const files = unzip((await download(alice.client, "mnemo")).bytes);
    const document = JSON.parse(text(files["mnemo.json"])) as MnemoDocument;
    const stored = await storedDocumentParts(alice.userId);
    expect(document).toEqual({
      format: "mnemo",
      version: 1,
      exportedAt: clock,
      folders: stored.folders,
      memos: stored.memos,
      attachments: stored.attachments.map(({ data: _, ...attachment }) => attachment),
    });
    expect(Object.keys(files).sort()).toEqual([`attachments/${ids.image}.png`, "mnemo.json"]);
    expect(Buffer.from(files[`attachments/${ids.image}.png`] ?? []).equals(PNG)).toBe(true);

    // The cases the set-up made are really there (the comparison above is not of empty lists).
    const folder = (id: string) => document.folders.find((f) => f.id === id);
    const memo = (id: string) => document.memos.find((m) => m.id === id);
    expect(document.folders.map((f) => f.id).sort()).toEqual(
      ["root", ids.parent, ids.child, ids.fsrs].sort(),
    );
    expect(folder(ids.child)).toMatchObject({
      parentFolderId: ids.parent,
      sortingMethod: "oldest",
      enableCompletionFeature: true,
    });
    expect(folder(ids.fsrs)).toMatchObject({ scheduler: "fsrs", desiredRetention: 0.85 });
    expect(memo(ids.greeting)).toMatchObject({
      folderId: ids.child,
      tags: ["korean", "기초"],
      hint: "힌트 hint",
      contents: expect.stringContaining(`src="/api/attachments/${ids.image}"`),
    });
    expect(memo(ids.greeting)?.reviews).toEqual([
      expect.objectContaining({ value: 2, grade: null, undoneAt: null }),
      expect.objectContaining({ undoneAt: expect.any(Number) }),
    ]);
    expect(memo(ids.graded)?.reviews.map((r) => r.grade)).toEqual([3, 1]);
    expect(memo(ids.done)).toMatchObject({ folderId: "root", priority: 2 });
    expect(memo(ids.done)?.completions).toEqual([{ at: expect.any(Number), undoneAt: null }]);
    expect(memo(ids.undone)?.completions).toEqual([
      { at: expect.any(Number), undoneAt: expect.any(Number) },
    ]);
  });

  it("holds nothing of another user", async () => {
    const bytes = (await download(alice.client, "mnemo")).bytes;
    const files = unzip(bytes);
    const all = Object.entries(files)
      .map(([name, data]) => name + text(data))
      .join("\n");
    expect(all).not.toContain(bobSecret);
    expect(all).not.toContain(ids.bobMemo);
    expect(all).not.toContain(ids.bobImage);
    expect(all).not.toContain(bob.userId);
    // Bob's own export holds his data, so the checks above can fail.
    const bobFiles = unzip((await download(bob.client, "mnemo")).bytes);
    expect(text(bobFiles["mnemo.json"])).toContain(bobSecret);
    expect(Object.keys(bobFiles)).toContain(`attachments/${ids.bobImage}.png`);
    expect(text(bobFiles["mnemo.json"])).not.toContain(ids.greeting);
  });

  it("reads back through the mnemo reader as the same folders, memos, history and images", async () => {
    const bytes = (await download(alice.client, "mnemo")).bytes;
    const file = { bytes, zipEntryNames: listZipEntries(bytes) };
    expect(mnemoReader.recognises(file)).toBe(true);
    const bundle = await mnemoReader.read(file, () => {});
    const stored = await storedDocumentParts(alice.userId);
    const expected: ImportBundle = {
      format: "mnemo",
      folders: stored.folders
        .filter((folder) => folder.id !== "root")
        .map(({ id, title, parentFolderId, ...settings }) => ({
          key: id,
          id,
          title,
          parentKey: parentFolderId,
          settings: settings as never,
        })),
      memos: stored.memos.map((memo) => ({
        key: memo.id,
        id: memo.id,
        folderKey: memo.folderId === "root" ? null : memo.folderId,
        title: memo.title,
        contents: memo.contents.replaceAll(
          `src="/api/attachments/${ids.image}"`,
          `src="attachment:${ids.image}"`,
        ),
        hint: memo.hint,
        tags: memo.tags,
        priority: memo.priority,
        createdAt: memo.createdAt,
        updatedAt: memo.updatedAt,
        // Undone reviews and completions never counted; the bundle keeps those that did.
        reviews: memo.reviews
          .filter((review) => review.undoneAt === null)
          .map(({ at, grade, value }) => ({ at, grade: grade as 1 | 2 | 3 | 4 | null, value })),
        completions: memo.completions.filter((c) => c.undoneAt === null).map((c) => c.at),
      })),
      attachments: [{ key: ids.image, id: ids.image, bytes: new Uint8Array(PNG) }],
      skipped: [],
    };
    expect({
      ...bundle,
      attachments: bundle.attachments.map((a) => ({ ...a, bytes: new Uint8Array(a.bytes) })),
    }).toEqual(expected);
    expect(bundle.memos.find((m) => m.id === ids.greeting)?.reviews).toHaveLength(1);
    expect(bundle.memos.find((m) => m.id === ids.graded)?.reviews).toHaveLength(2);
  });
});

describe("GET /api/export?format=markdown", () => {
  it("writes a directory per folder and a .md per memo with front matter and images beside", async () => {
    const files = unzip((await download(alice.client, "markdown")).bytes);
    const childDir = "언어 Languages/한국어_Korean_ 기초_/";
    expect(Object.keys(files).sort()).toEqual(
      [
        "FSRS 카드/",
        "FSRS 카드/Card 카드.md",
        "언어 Languages/",
        childDir,
        `${childDir}안녕 Hello.md`,
        `${childDir}안녕 Hello (2).md`,
        `${childDir}attachments/${ids.image}.png`,
        "끝낸 일.md",
      ].sort(),
    );
    expect(Buffer.from(files[`${childDir}attachments/${ids.image}.png`] ?? []).equals(PNG)).toBe(
      true,
    );
    // Two memos of one title: which gets " (2)" follows their ids.
    const markdown = [`${childDir}안녕 Hello.md`, `${childDir}안녕 Hello (2).md`]
      .map((name) => text(files[name]))
      .find((file) => file.includes(`mnemo_id: ${ids.greeting}`));
    const [, frontMatter = "", body = ""] =
      /^---\n([\s\S]*?)---\n\n([\s\S]*)$/.exec(markdown ?? "") ?? [];
    const stored = (await storedDocumentParts(alice.userId)).memos.find(
      (memo) => memo.id === ids.greeting,
    );
    expect(parseYaml(frontMatter)).toEqual({
      title: "안녕 Hello",
      tags: ["korean", "기초"],
      created: new Date(stored?.createdAt ?? 0).toISOString(),
      updated: new Date(stored?.updatedAt ?? 0).toISOString(),
      reviews: 1,
      mnemo_id: ids.greeting,
    });
    expect(body).toBe(`본문 **굵게** ~~지움~~\n\n![그림](attachments/${ids.image}.png)\n`);
    const graded = parseYaml(
      /^---\n([\s\S]*?)---/.exec(text(files["FSRS 카드/Card 카드.md"]))?.[1] ?? "",
    );
    expect(graded).toMatchObject({ title: "Card 카드", tags: [], reviews: 2 });
  });

  it("holds nothing of another user", async () => {
    const files = unzip((await download(alice.client, "markdown")).bytes);
    const all = Object.entries(files)
      .map(([name, data]) => name + text(data))
      .join("\n");
    expect(all).not.toContain(bobSecret);
    expect(all).not.toContain(ids.bobImage);
    const bobFiles = unzip((await download(bob.client, "markdown")).bytes);
    expect(Object.keys(bobFiles).join("\n")).toContain(bobSecret);
  });
});

describe("GET /api/export?format=apkg", () => {
  it("reads back through the Anki reader: decks, notes, tags, counting reviews, the image", async () => {
    const bytes = (await download(alice.client, "apkg")).bytes;
    const file = { bytes, zipEntryNames: listZipEntries(bytes) };
    expect(ankiReader.recognises(file)).toBe(true);
    const back = await ankiReader.read(file, () => {});
    expect(back.folders.map((folder) => folder.title).sort()).toEqual(
      ["Default", "FSRS 카드", "언어 Languages", "한국어/Korean: 기초?"].sort(),
    );
    const child = back.folders.find((folder) => folder.title === "한국어/Korean: 기초?");
    const parent = back.folders.find((folder) => folder.title === "언어 Languages");
    expect(child?.parentKey).toBe(parent?.key);
    const stored = (await storedDocumentParts(alice.userId)).memos;
    expect(back.memos.map((memo) => memo.key).sort()).toEqual(stored.map((memo) => memo.id).sort());
    const memo = (id: string) => back.memos.find((m) => m.key === id);
    expect(memo(ids.greeting)).toMatchObject({ title: "안녕 Hello", tags: ["korean", "기초"] });
    // The undone review never counted, so Anki never hears of it.
    expect(memo(ids.greeting)?.reviews).toHaveLength(1);
    expect(memo(ids.graded)?.reviews.map((review) => review.grade)).toEqual([3, 1]);
    const image = /src="attachment:([^"]+)"/.exec(memo(ids.greeting)?.contents ?? "")?.[1];
    const bytesOfImage = back.attachments.find((a) => a.key === decodeURIComponent(image ?? ""));
    expect(Buffer.from(bytesOfImage?.bytes ?? []).equals(PNG)).toBe(true);
    expect(JSON.stringify(back)).not.toContain(bobSecret);
  });
});

describe("GET /api/export?format=mnemo, then POST /api/imports into an empty account", () => {
  it("gives back the same folders, memos, ids, history and images", async () => {
    const carol = await signUpVerified(server);
    const zip = (await download(alice.client, "mnemo")).bytes;
    const form = new FormData();
    form.append("file", new Blob([zip]), "mnemo.zip");
    const started = await carol.client.postForm("/api/imports", form);
    expect(started.status).toBe(202);
    let job = started.body.import;
    while (job.status === "running") {
      await new Promise((resolve) => setTimeout(resolve, 25));
      job = (await carol.client.get(`/api/imports/${job.id}`)).body.import;
    }
    expect(job).toMatchObject({ status: "done", report: { format: "mnemo" } });

    // Review op ids are the importer's own; an undone review never counted and is not carried.
    // The root folder is every account's own (made on its first write), not imported.
    const comparable = (parts: Awaited<ReturnType<typeof storedDocumentParts>>) => ({
      ...parts,
      folders: parts.folders.filter((folder) => folder.id !== "root"),
      memos: parts.memos.map((memo) => ({
        ...memo,
        reviews: memo.reviews
          .filter((review) => review.undoneAt === null)
          .map(({ opId: _opId, ...review }) => review),
        completions: memo.completions.filter((completion) => completion.undoneAt === null),
      })),
      attachments: parts.attachments.map(({ createdAt: _createdAt, ...rest }) => rest),
    });
    const source = comparable(await storedDocumentParts(alice.userId));
    const copy = comparable(await storedDocumentParts(carol.userId));
    expect(copy).toEqual(source);
    // Derived state follows from the same rows: counters and FSRS memory as in the source.
    for (const id of [ids.greeting, ids.graded, ids.done]) {
      const original = (await alice.client.get(`/api/memos/${id}`)).body.memo;
      const imported = (await carol.client.get(`/api/memos/${id}`)).body.memo;
      expect(imported).toMatchObject({
        reviewCount: original.reviewCount,
        accumulatedReviewValue: original.accumulatedReviewValue,
        completedCount: original.completedCount,
        fsrs: original.fsrs,
      });
    }
  });
});

describe("GET /api/export?format=markdown, then POST /api/imports", () => {
  it("gives back the folder tree, titles, tags, dates and images (without ids or history)", async () => {
    const dave = await signUpVerified(server);
    const zip = (await download(alice.client, "markdown")).bytes;
    const form = new FormData();
    form.append("file", new Blob([zip]), "markdown.zip");
    const started = await dave.client.postForm("/api/imports", form);
    expect(started.status).toBe(202);
    let job = started.body.import;
    while (job.status === "running") {
      await new Promise((resolve) => setTimeout(resolve, 25));
      job = (await dave.client.get(`/api/imports/${job.id}`)).body.import;
    }
    expect(job).toMatchObject({ status: "done", report: { format: "markdown", attachments: 1 } });

    const source = await storedDocumentParts(alice.userId);
    const copy = await storedDocumentParts(dave.userId);
    const titleOf = (parts: typeof source, id: string | null) =>
      parts.folders.find((folder) => folder.id === id)?.title ?? null;
    // A directory name cannot hold every character of a title (`/`, `:`, `?` → `_`).
    const asDirectory = (title: string | null) => (title === null ? null : safeFileName(title, ""));
    const tree = (parts: typeof source) =>
      parts.folders
        .filter((folder) => folder.id !== "root")
        .map((folder) => [
          asDirectory(folder.title),
          asDirectory(titleOf(parts, folder.parentFolderId)),
        ])
        .sort();
    expect(tree(copy)).toEqual(tree(source));
    const memoShape = (parts: typeof source) =>
      parts.memos
        .map((memo) => ({
          folder: memo.folderId === "root" ? "root" : asDirectory(titleOf(parts, memo.folderId)),
          title: memo.title,
          tags: [...memo.tags].sort(),
          createdAt: memo.createdAt,
          updatedAt: memo.updatedAt,
          hasImage: memo.contents.includes('<img src="/api/attachments/'),
        }))
        .sort((a, b) => `${a.folder}/${a.title}`.localeCompare(`${b.folder}/${b.title}`));
    expect(memoShape(copy)).toEqual(memoShape(source));
    expect(copy.attachments.map((a) => a.sha256)).toEqual(source.attachments.map((a) => a.sha256));
  });
});
