import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database.js";
import { precompile } from "./precompiled.js";

const db = openDatabase({ kind: "sqlite", file: ":memory:" });
beforeAll(async () => {
  await sql`create table error_logs (id text primary key, code text, country text, message text, user_key text, create_at bigint)`.execute(
    db.kysely,
  );
  await db.kysely
    .insertInto("error_logs")
    .values([
      { id: "a", code: "X", country: "KR", message: "첫째", user_key: null, create_at: 1 },
      { id: "b", code: "Y", country: "US", message: "second", user_key: "u", create_at: 2 },
    ])
    .execute();
});
afterAll(() => db.destroy());

describe("precompile", () => {
  it("reruns one compiled query with each call's arguments", async () => {
    const byCode = precompile((executor, code: string, after: number) =>
      executor
        .selectFrom("error_logs")
        .select(["id", "message"])
        .where("code", "=", code)
        .where("create_at", ">=", after),
    );
    expect(await byCode(db.kysely, "X", 0)).toEqual([{ id: "a", message: "첫째" }]);
    expect(await byCode(db.kysely, "Y", 0)).toEqual([{ id: "b", message: "second" }]);
    expect(await byCode(db.kysely, "Y", 3)).toEqual([]);
  });

  it("refuses a builder that does not bind every argument as a value", async () => {
    const broken = precompile((executor, code: string) =>
      executor.selectFrom("error_logs").select("id").where("code", "like", `${code}%`),
    );
    await expect(broken(db.kysely, "X")).rejects.toThrow(/does not bind all 1 arguments/);
  });
});
