// Change-feed pages of every size (issue 13 item 11): one user with 1,000 memos pulls the feed
// from the start with limit 1, 2, …, 1000, twice over, and the built server's malloc arena
// (`[heap]`) and RSS are printed before and after each round. A query whose SQL text changes
// with the number of ids leaves one compiled SQLite statement per page size behind (~180 MB of
// [heap] here, before the fix); one SQL text leaves none. `npx node bench/feed-pages.mjs` after
// `npm run build`; see bench/README.md.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createVerifiedUser } from "./lib/accounts.mjs";
import { stepLogger, tempDataDir } from "./lib/bench-run.mjs";
import { BrowserClient } from "./lib/browser-client.mjs";
import { findFreePort, ServerProcess, startScriptNodeFlags } from "./lib/server-process.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const MEMOS = 1000;
const ROUNDS = 2;

const step = stepLogger();
/** @type {ServerProcess | null} */
let server = null;
const dataDir = tempDataDir("mnemo-feed-pages-", () => server);

function memoryLine() {
  const { mallocHeapMB } = server.mappingsMB();
  return `RSS ${server.rssMB()?.toFixed(1)} MB, [heap] ${mallocHeapMB?.toFixed(1)} MB`;
}

try {
  server = new ServerProcess({
    repoRoot,
    dataDir,
    port: await findFreePort(),
    nodeArgs: startScriptNodeFlags(repoRoot),
  });
  await server.start();
  const client = new BrowserClient(server.publicUrl);
  await createVerifiedUser(client, join(dataDir, "mail"), {
    email: "feed@example.com",
    password: "feed-Passw0rd!",
    name: "피드 Feed",
  });
  const { body } = await client.expect("POST", "/api/folders", { title: "폴더" });
  for (let n = 0; n < MEMOS; n += 1) {
    await client.expect("POST", "/api/memos", {
      folderId: body.folder.id,
      title: `메모 ${n}`,
      contents: `<p>${"복습 review ".repeat(20)}${n}</p>`,
    });
  }
  await client.expect("GET", `/api/sync/changes?limit=${MEMOS}`);
  step(`${MEMOS} memos, pulled once: ${memoryLine()}`);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (let limit = 1; limit <= MEMOS; limit += 1) {
      await client.expect("GET", `/api/sync/changes?limit=${limit}`);
    }
    step(`round ${round}, pages of 1…${MEMOS} items: ${memoryLine()}`);
  }
} catch (error) {
  console.error(`\nfeed-pages failed: ${error instanceof Error ? error.stack : String(error)}`);
  if (server?.output.length) console.error(`\nserver output (tail):\n${server.tail()}`);
  process.exitCode = 1;
} finally {
  await server?.stop().catch(() => {});
}
