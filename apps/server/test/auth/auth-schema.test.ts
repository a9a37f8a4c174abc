import { getMigrations } from "better-auth/db/migration";
import { admin } from "better-auth/plugins/admin";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSchema } from "../../src/auth/auth-tables.js";
import { dialect, startTestServer, type TestServer } from "../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Our better-auth options, plus the admin plugin whose columns the migration also holds. */
async function betterAuthOptions() {
  const { options } = await server.app.auth.$context;
  return { ...options, plugins: [...(options.plugins ?? []), admin({ schema: adminSchema })] };
}

describe(`migration 20261123T0000-create-auth-tables on ${dialect}`, () => {
  it("passes better-auth's own schema check", async () => {
    const context = await server.app.auth.$context;
    expect(context.explicitSchemaCheck).toBeTypeOf("function");
    await expect(Promise.resolve(context.explicitSchemaCheck?.())).resolves.toBeUndefined();
  });

  it("leaves better-auth's generator nothing to create, add or index, admin plugin included", async () => {
    const plan = await getMigrations(await betterAuthOptions());
    expect(plan.toBeCreated).toEqual([]);
    expect(plan.toBeAdded).toEqual([]);
    expect(plan.toBeAddedIndexes).toEqual([]);
    expect(plan.schemaProblems).toEqual([]);
  });

  it("stores the anonymous flag in is_anonymous and dates in the engine's native type", async () => {
    const columns = await server.db.kysely.introspection.getTables();
    const authUsers = columns.find((table) => table.name === "auth_users");
    const typeOf = (name: string) =>
      authUsers?.columns.find((column) => column.name === name)?.dataType.toLowerCase();
    expect(typeOf("is_anonymous")).toBe(dialect === "sqlite" ? "integer" : "bool");
    expect(typeOf("created_at")).toBe(dialect === "sqlite" ? "date" : "timestamptz");
  });
});

describe("the generator comparison", () => {
  it("notices a column the migration lacks", async () => {
    // Last test of the file: it breaks this server's schema on purpose.
    await sql`alter table auth_users drop column is_anonymous`.execute(server.db.kysely);
    const plan = await getMigrations(await betterAuthOptions());
    const added = plan.toBeAdded.flatMap((table) => Object.keys(table.fields));
    expect(added).toEqual(["is_anonymous"]);
  });
});
