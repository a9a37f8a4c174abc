import { fsrsStateFromReviews } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AnkiLayout,
  buildAnkiPackage,
  standardCollection,
} from "../../../test/fixtures/anki-package.js";
import type { TestClient } from "../../../test/helpers/client.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";
import { buildZip, PNG_BYTES } from "../../../test/helpers/zip.js";

// Every format through the real route: the registry picks the reader by content, and the one
// writer stores what it read (the readers' own tests check the parsing in detail).

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const DAY = 86_400_000;
/** The standard Anki fixture's first note time (see anki-package.ts). */
const ANKI_T0 = Date.UTC(2024, 0, 15, 9, 0, 0);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
});
afterAll(async () => {
  await server.close();
});

async function importBytes(client: TestClient, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("file", new Blob([bytes]), name);
  const started = await client.postForm("/api/imports", form);
  expect(started.status).toBe(202);
  for (let attempt = 0; attempt < 400; attempt++) {
    const response = await client.get(`/api/imports/${started.body.import.id}`);
    if (response.body.import.status !== "running") return response.body.import;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the import did not end");
}

async function foldersByTitle(client: TestClient) {
  const { folders } = (await client.get("/api/folders")).body;
  return new Map<string, { id: string; parentFolderId: string | null }>(
    folders.map((f: { title: string; id: string; parentFolderId: string | null }) => [f.title, f]),
  );
}

async function memosOf(client: TestClient, folderId: string) {
  const { memos } = (await client.get(`/api/folders/${folderId}/memos?limit=100`)).body;
  return memos as Array<{ id: string; title: string; tags: string[]; reviewCount: number }>;
}

describe.each<AnkiLayout>(["anki2", "anki21", "anki21b"])(
  "POST /api/imports: Anki (%s)",
  (layout) => {
    it("brings decks, notes, tags, images and the revlog in, once", async () => {
      const { client } = await signUpVerified(server);
      const apkg = buildAnkiPackage(standardCollection(), layout);
      const job = await importBytes(client, apkg, "deck.apkg");
      expect(job).toMatchObject({ status: "done", errorCode: null });
      // 6 notes, one empty; ease-0 rows and the reverse card's answers are not reviews of the memo.
      expect(job.report).toMatchObject({ format: "anki", memos: 5, reviews: 5, attachments: 2 });
      const skipped = job.report.skipped.map((s: { reason: string }) => s.reason);
      expect(skipped).toEqual(
        expect.arrayContaining(["EMPTY", "MEDIA_NOT_IMAGE", "MEDIA_MISSING"]),
      );

      const folders = await foldersByTitle(client);
      expect(folders.get("한국어")?.parentFolderId).toBe(folders.get("언어")?.id);
      expect(folders.get("Vocab")?.parentFolderId).toBe(folders.get("English")?.id);
      expect(folders.has("Filtered Deck 1")).toBe(false);

      const korean = await memosOf(client, folders.get("한국어")?.id as string);
      const apple = korean.find((m) => m.title === "사과");
      expect(apple).toMatchObject({ reviewCount: 2 });
      expect(apple?.tags).toEqual(expect.arrayContaining(["korean", "과일"]));
      const detail = (await client.get(`/api/memos/${apple?.id}`)).body.memo;
      expect(detail.contents).toMatch(/<img src="\/api\/attachments\/[A-Za-z0-9_-]+"/);
      const imageId = /\/api\/attachments\/([A-Za-z0-9_-]+)/.exec(detail.contents)?.[1];
      const image = await client.getBytes(`/api/attachments/${imageId}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");

      // The same file again adds nothing.
      const again = await importBytes(client, apkg, "deck.apkg");
      expect(again.report).toMatchObject({ memos: 0, reviews: 0, folders: 0 });
      expect(await memosOf(client, folders.get("한국어")?.id as string)).toHaveLength(
        korean.length,
      );
    });

    it("gives an FSRS folder the memory state of the imported answers", async () => {
      const { client } = await signUpVerified(server);
      await importBytes(client, buildAnkiPackage(standardCollection(), layout), "deck.apkg");
      const folder = (await foldersByTitle(client)).get("한국어");
      const patched = await client.patch(`/api/folders/${folder?.id}`, { scheduler: "fsrs" });
      expect(patched.status).toBe(200);
      const apple = (await memosOf(client, folder?.id as string)).find((m) => m.title === "사과");
      const { fsrs } = (await client.get(`/api/memos/${apple?.id}`)).body.memo;
      // The fixture's answers of 사과: Good after a day, Easy after four (the ease-0 row is not one).
      const expected = fsrsStateFromReviews(
        [
          { at: ANKI_T0 + DAY, grade: 3 },
          { at: ANKI_T0 + 4 * DAY, grade: 4 },
        ],
        { now: NOW, createdAt: ANKI_T0, desiredRetention: 0.9 },
      );
      expect(fsrs).toMatchObject({
        reps: 2,
        lapses: 0,
        state: expected.state,
        due: expected.due,
      });
      expect(fsrs.stability).toBeCloseTo(expected.stability, 9);
      expect(fsrs.difficulty).toBeCloseTo(expected.difficulty, 9);
    });
  },
);

describe("POST /api/imports: Markdown and Keep zips", () => {
  it("reads a Markdown zip into folders with tags and images", async () => {
    const { client } = await signUpVerified(server);
    const zip = buildZip({
      "노트/문법.md": "---\ntags: [문법]\n---\n# 조사\n\n은/는 #한국어 ![](img/a.png)\n",
      "노트/img/a.png": PNG_BYTES,
      "Notes/English.md": "Serendipity means luck. #vocab\n",
    });
    const job = await importBytes(client, zip, "vault.zip");
    expect(job.report).toMatchObject({ format: "markdown", memos: 2, attachments: 1 });
    const folders = await foldersByTitle(client);
    const [grammar] = await memosOf(client, folders.get("노트")?.id as string);
    expect(grammar).toMatchObject({ title: "조사" });
    expect(grammar?.tags).toEqual(expect.arrayContaining(["문법", "한국어"]));
  });

  it("tells a Keep Takeout zip from a Markdown zip by its content", async () => {
    const { client } = await signUpVerified(server);
    const note = {
      title: "장보기",
      textContent: "우유 <script>alert(1)</script>",
      labels: [{ name: "집" }],
      isTrashed: false,
      isArchived: false,
      isPinned: false,
      createdTimestampUsec: (NOW - DAY) * 1000,
      userEditedTimestampUsec: (NOW - DAY) * 1000,
    };
    const zip = buildZip({
      "Takeout/Keep/장보기.json": JSON.stringify(note),
      "Takeout/Keep/장보기.html": "<html></html>",
      "Takeout/archive_browser.html": "<html></html>",
      "Takeout/Keep/Trashed.json": JSON.stringify({ ...note, title: "버림", isTrashed: true }),
      "Takeout/README.md": "# not a note\n",
    });
    const job = await importBytes(client, zip, "takeout.zip");
    expect(job.report).toMatchObject({ format: "keep", memos: 1 });
    expect(job.report.skipped.map((s: { reason: string }) => s.reason)).toContain("TRASHED");
    const keep = (await foldersByTitle(client)).get("Google Keep");
    const [memo] = await memosOf(client, keep?.id as string);
    expect(memo?.tags).toEqual(["집"]);
    const { contents } = (await client.get(`/api/memos/${memo?.id}`)).body.memo;
    expect(contents).not.toContain("<script");
    expect(contents).toContain("&lt;script&gt;");
  });
});
