import { expect } from "vitest";
import type { TestClient } from "./client.js";
import type { TestServer } from "./test-server.js";

// Small factories for route tests: each creates through the real API and checks it worked, so a
// test reads as what it is about.

/** Creates a folder (title "폴더" unless given) and answers it. */
export async function buildFolder(client: TestClient, body: Record<string, unknown> = {}) {
  const response = await client.post("/api/folders", { title: "폴더", ...body });
  expect(response.status).toBe(201);
  return response.body.folder;
}

/** Creates a memo (title "메모" unless given; `folderId` is required by the API) and answers it. */
export async function buildMemo(
  client: TestClient,
  body: { folderId: string } & Record<string, unknown>,
) {
  const response = await client.post("/api/memos", { title: "메모", ...body });
  expect(response.status).toBe(201);
  return response.body.memo;
}

let opCounter = 0;

/** A fresh, valid opId (8–64 characters), unique within the test process. */
export function newOpId(prefix = "op"): string {
  opCounter += 1;
  return `${prefix}-${String(opCounter).padStart(8, "0")}`;
}

/** How many rows of `table` belong to the user. */
export async function countRows(
  server: TestServer,
  table:
    | "folders"
    | "memos"
    | "memo_reviews"
    | "memo_completions"
    | "applied_ops"
    | "scratch_texts",
  userId: string,
): Promise<number> {
  const rows = await server.db.kysely
    .selectFrom(table)
    .select("user_id")
    .where("user_id", "=", userId)
    .execute();
  return rows.length;
}
