import type { ImportBundle } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { signUpVerified } from "../../../test/helpers/users.js";
import { writeImportBundle } from "./import-writer.js";

// The writer's speed (issue 11 › Figures: an import of 10,000 notes with 50,000 reviews at
// ≥ 2,000 memos/s). A measurement, run on demand: MNEMO_IMPORT_SPEED=1 npx vitest run --project
// server-sqlite <this file>. It prints the figure; the assertion only proves the rows are there.

const MEMOS = 10_000;
const REVIEWS_PER_MEMO = 5;
const T0 = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

function bigBundle(): ImportBundle {
  const folders = Array.from({ length: 20 }, (_, i) => ({
    key: `덱::${i}`,
    parentKey: null,
    title: `덱 ${i}`,
  }));
  const memos = Array.from({ length: MEMOS }, (_, i) => ({
    key: `note-${i}`,
    folderKey: `덱::${i % 20}`,
    title: `단어 ${i} word`,
    contents: `<p>뜻 ${i}: <strong>meaning</strong> of word ${i}</p><ul><li>예문 ${i}</li></ul>`,
    tags: ["어휘", `level${i % 5}`],
    createdAt: T0 + i * 1000,
    updatedAt: T0 + i * 1000,
    reviews: Array.from({ length: REVIEWS_PER_MEMO }, (_, r) => ({
      at: T0 + (r + 1) * DAY + i,
      grade: ((r % 4) + 1) as 1 | 2 | 3 | 4,
    })),
    completions: [],
  }));
  return { format: "anki", folders, memos, attachments: [], skipped: [] };
}

describe.skipIf(process.env.MNEMO_IMPORT_SPEED !== "1")("import writer speed", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it(`writes ${MEMOS} memos with ${MEMOS * REVIEWS_PER_MEMO} reviews`, async () => {
    const user = await signUpVerified(server);
    const bundle = bigBundle();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const report = await writeImportBundle(
      server.app.deps,
      { id: user.userId, name: "" },
      bundle,
      () => {},
    );
    const seconds = (performance.now() - started) / 1000;
    // CPU time of this process too: on a shared machine the wall clock counts others' work.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.log(
      `import writer: ${MEMOS} memos, ${report.reviews} reviews in ${seconds.toFixed(2)} s = ` +
        `${Math.round(MEMOS / seconds)} memos/s (target ≥ 2,000); CPU ${cpuSeconds.toFixed(2)} s ` +
        `= ${Math.round(MEMOS / cpuSeconds)} memos per CPU second`,
    );
    expect(report).toMatchObject({ memos: MEMOS, reviews: MEMOS * REVIEWS_PER_MEMO });
  }, 300_000);
});
