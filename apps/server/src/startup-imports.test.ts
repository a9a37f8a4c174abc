import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Node 24 builds the ESM view of a built-in module by reading each of its exports, and
// node:http's WebSocket, CloseEvent and MessageEvent are getters that load undici: one ESM
// import of node:http anywhere in the server loaded it at every start (in a bare script: 60–90 ms
// and 14 MB of RSS; issue 14 › cold start and idle RSS). Values of node:http are read from
// `process.getBuiltinModule` instead; type imports are erased and cost nothing.

const srcDir = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The value imports of node:http in a file's text (`import type` ones excluded). */
function httpValueImports(text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+["'](?:node:)?http["'];?/gm)].map(
    (match) => match[0],
  );
}

describe("what the server imports at start", () => {
  it("recognises a value import of node:http and passes a type import", () => {
    expect(httpValueImports('import { STATUS_CODES } from "node:http";')).toHaveLength(1);
    expect(httpValueImports("import http from 'http'")).toHaveLength(1);
    expect(httpValueImports('import type { IncomingHttpHeaders } from "node:http";')).toEqual([]);
    expect(httpValueImports('import { readFile } from "node:fs";')).toEqual([]);
  });

  it("never imports node:http as an ES module", () => {
    const found = sourceFiles(srcDir).flatMap((file) =>
      httpValueImports(readFileSync(file, "utf8")).map(
        (line) => `${relative(srcDir, file)}: ${line}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
