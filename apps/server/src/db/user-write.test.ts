import type { Transaction } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialect, startTestServer, type TestServer } from "../../test/helpers/test-server.js";
import { signUpVerified } from "../../test/helpers/users.js";
import type { Database } from "./schema.js";
import { inOneWrite, userWrite, type WriteDeps } from "./user-write.js";

// userWrite's promises: each write gets its own seq and its own outcome, and one that fails
// leaves nothing behind, whether it ran alone or in a group (SQLite's group commit).

let server: TestServer;
let userId: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ userId } = await signUpVerified(server));
});
afterAll(async () => {
  await server.close();
});

const deps = () => ({ db: server.db, now: Date.now });

async function folderExists(id: string): Promise<boolean> {
  const row = await server.db.kysely
    .selectFrom("folders")
    .select("id")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined;
}

/** What a test write saw: its folder, seq and transaction. */
interface SeenWrite {
  id: string;
  seq: number;
  trx: Transaction<Database>;
}

/** A userWrite that inserts folder `id`, notes what it saw in `seen`, and throws when `fails`. */
function writeFolder(
  writeDeps: WriteDeps,
  id: string,
  seen: SeenWrite[],
  fails = false,
): Promise<number> {
  return userWrite(writeDeps, userId, async (trx, write) => {
    await trx
      .insertInto("folders")
      .values({
        user_id: userId,
        id,
        title: id,
        created_at: write.now,
        updated_at: write.now,
        seq: write.seq,
      })
      .execute();
    seen.push({ id, seq: write.seq, trx });
    if (fails) throw new Error(`${id} failed (test)`);
    return write.seq;
  });
}

describe("userWrite", () => {
  it("answers writes made together each with its own seq, and rolls back only the one that failed", async () => {
    const seen: SeenWrite[] = [];
    const answers = await Promise.allSettled([
      writeFolder(deps(), "groupFirst0000000001", seen),
      writeFolder(deps(), "groupSecond000000001", seen),
      writeFolder(deps(), "groupFails0000000001", seen, true),
      writeFolder(deps(), "groupLast00000000001", seen),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    const [first, second, , last] = answers.map((answer) =>
      answer.status === "fulfilled" ? (answer.value as number) : null,
    );
    expect(await folderExists("groupFirst0000000001")).toBe(true);
    expect(await folderExists("groupSecond000000001")).toBe(true);
    expect(await folderExists("groupFails0000000001")).toBe(false);
    expect(await folderExists("groupLast00000000001")).toBe(true);
    // No gap: the failed write's seq went with it.
    const seqs = [first, second, last].map(Number).sort((x, y) => x - y);
    expect(seqs).toEqual([seqs[0], (seqs[0] ?? 0) + 1, (seqs[0] ?? 0) + 2]);
    const stored = await server.db.kysely
      .selectFrom("sync_counters")
      .select("seq")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.seq)).toBe(seqs[2]);

    if (dialect === "sqlite") {
      // One connection: seqs follow the order the writes were made in.
      expect([first, second, last]).toEqual(seqs);
      // Made in the same turn of the event loop, they shared one transaction (one COMMIT).
      expect(new Set(seen.map((write) => write.trx)).size).toBe(1);
    }
  });

  it("joins the writes made in one inOneWrite, one after another, into one transaction on SQLite", async () => {
    const seen: SeenWrite[] = [];
    const outcomes = await inOneWrite(deps(), userId, async (batchDeps) => {
      const answers: (number | string)[] = [];
      for (const [id, fails] of [
        ["batchFirst0000000001", false],
        ["batchFails0000000001", true],
        ["batchLast00000000001", false],
      ] as const) {
        // One after another, each awaited: as the sync batch applies its ops.
        answers.push(
          await writeFolder(batchDeps, id, seen, fails).catch((error: Error) => error.message),
        );
      }
      return answers;
    });
    expect(outcomes[1]).toBe("batchFails0000000001 failed (test)");
    expect(await folderExists("batchFirst0000000001")).toBe(true);
    expect(await folderExists("batchFails0000000001")).toBe(false);
    expect(await folderExists("batchLast00000000001")).toBe(true);
    const [first, , last] = outcomes as number[];
    expect(Number(last)).toBeGreaterThan(Number(first));
    // SQLite: one transaction, one COMMIT; PostgreSQL: each write on its own.
    expect(new Set(seen.map((write) => write.trx)).size).toBe(dialect === "sqlite" ? 1 : 3);

    // Deps kept past the batch write alone again.
    let kept: WriteDeps | null = null;
    await inOneWrite(deps(), userId, async (batchDeps) => {
      kept = batchDeps;
    });
    expect(await writeFolder(kept ?? deps(), "batchAfter0000000001", seen)).toBeGreaterThan(0);
    expect(await folderExists("batchAfter0000000001")).toBe(true);
  });
});
