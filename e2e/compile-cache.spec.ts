import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startMnemo } from "./helpers/server.js";

// Issue 14 › cold start: compiling the server's modules was a third of each start. The built
// server turns Node's compile cache on (apps/server/src/main.ts) and writes it once it listens,
// so the next start reads compiled code instead. The cache lives in the system's temporary
// directory; a server given its own (TMPDIR) shows what it wrote there. That the next start is
// faster for it is a figure of `npm run bench` (cold start), not a test.

const tempDir = mkdtempSync(join(tmpdir(), "mnemo-compile-cache-"));

afterAll(() => {
  rmSync(tempDir, { recursive: true, force: true });
});

/** Every file under `dir` with its size. */
function filesUnder(dir: string): { path: string; size: number }[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, size: statSync(path).size }));
}

describe("the built server's compile cache", () => {
  it("is written once the server listens, even when it is then killed", async () => {
    const server = await startMnemo({ env: { TMPDIR: tempDir } });
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      // Killed, not stopped: a crashed server never exits cleanly, when Node would write it.
      await server.kill();
      const cache = join(tempDir, "node-compile-cache");
      const files = filesUnder(cache);
      // One entry per compiled module: the server's bundle and the chunks it loads at start (its
      // own code and its libraries', ~2 MB), and the packages kept outside the bundle.
      expect(files.length).toBeGreaterThan(10);
      expect(files.reduce((sum, file) => sum + file.size, 0)).toBeGreaterThan(1_000_000);
    } finally {
      await server.stop();
    }
  });
});
