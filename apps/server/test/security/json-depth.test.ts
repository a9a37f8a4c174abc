import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../../src/http/json-depth.js";
import type { TestClient } from "../helpers/client.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../helpers/users.js";

// A deeply nested JSON body is refused before anything recurses over it (parsing, validation,
// the auth bridge's JSON.stringify): a 5,000-deep array once overflowed the stack (a 500).

let server: TestServer;
let user: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpVerified(server);
});
afterAll(async () => {
  await server.close();
});

/** `[[…[]…]]` nested `depth` deep. */
function nested(depth: number): string {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

/** `{"a":{"a":…{}…}}` nested `depth` deep. */
function nestedObject(depth: number): string {
  return `${'{"a":'.repeat(depth - 1)}{}${"}".repeat(depth - 1)}`;
}

const routes: Array<[method: "POST" | "PATCH" | "PUT", path: string]> = [
  ["POST", "/api/auth/change-password"],
  ["POST", "/api/auth/sign-in/email"],
  ["POST", "/api/auth/sign-up/email"],
  ["POST", "/api/auth/request-password-reset"],
  ["POST", "/api/auth/update-user"],
  ["POST", "/api/memos"],
  ["PATCH", "/api/me"],
  ["POST", "/api/sync/ops"],
  ["PUT", "/api/folders/order"],
];

function expectTooDeep(response: { status: number; body: any }) {
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe("VALIDATION_FAILED");
  expect(response.body.error.details).toEqual([
    { path: "", issue: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` },
  ]);
}

describe("JSON bodies nested too deep", () => {
  it.each(routes)(
    "%s %s refuses a 5,000-deep array with 400 VALIDATION_FAILED",
    async (method, path) => {
      const response = await user.client.request(method, path, undefined, { raw: nested(5_000) });
      expectTooDeep(response);
    },
  );

  it.each(routes)("%s %s refuses a 5,000-deep object signed out too", async (method, path) => {
    const client: TestClient = server.client();
    const response = await client.request(method, path, undefined, { raw: nestedObject(5_000) });
    expectTooDeep(response);
  });

  it("refuses one level past the limit and reads the limit itself", async () => {
    const over = await user.client.request("POST", "/api/memos", undefined, {
      raw: nested(MAX_JSON_DEPTH + 1),
    });
    expectTooDeep(over);
    const at = await user.client.request("POST", "/api/memos", undefined, {
      raw: nested(MAX_JSON_DEPTH),
    });
    expect(at.status).toBe(400);
    expect(at.body.error.message).not.toMatch(/nested/);
  });

  it("does not count brackets inside strings, escaped quotes included", async () => {
    const title = `${"[{".repeat(100)}\\"${"[".repeat(100)}`;
    const response = await user.client.request("POST", "/api/memos", undefined, {
      raw: `{"folderId":"root","title":"${title}"}`,
    });
    expect(response.status).toBe(201);
    expect(response.body.memo.title).toBe(`${"[{".repeat(100)}"${"[".repeat(100)}`);
  });

  it("still refuses prototype poisoning and broken JSON as before", async () => {
    const poisoned = await user.client.request("POST", "/api/memos", undefined, {
      raw: '{"folderId":"root","title":"t","__proto__":{"x":1}}',
    });
    expect(poisoned.status).toBe(400);
    expect(poisoned.body.error.code).toBe("VALIDATION_FAILED");
    const broken = await user.client.request("POST", "/api/memos", undefined, { raw: '{"a":' });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe("VALIDATION_FAILED");
  });
});
