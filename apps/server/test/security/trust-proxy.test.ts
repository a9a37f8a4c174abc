import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { ErrorCode } from "@mnemo/domain";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { uniqueEmail } from "../helpers/users.js";

// Issue 16 item 7: with TRUST_PROXY=1 the per-IP limits keyed on the left-most X-Forwarded-For
// entry, which the client writes: a new forged address per request and no attempt was limited.
// Only the configured hops are trusted now, and the limits key on the address the outermost
// trusted proxy saw.

const ATTEMPTS = 45;
/** SIGN_INS_PER_IP_PER_MINUTE in auth.routes.ts. */
const SIGN_INS_PER_MINUTE = 30;

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function serverTrusting(trustProxy: string): Promise<TestServer> {
  const server = await startTestServer({ env: { TRUST_PROXY: trustProxy } });
  servers.push(server);
  return server;
}

/** Wrong-password sign-ins, each with its own X-Forwarded-For; how many were limited. */
async function limitedSignIns(server: TestServer, forwardedFor: (attempt: number) => string) {
  let limited = 0;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const client = server.client();
    client.headers["x-forwarded-for"] = forwardedFor(attempt);
    const response = await client.post("/api/auth/sign-in/email", {
      email: uniqueEmail("nobody"),
      password: "wrong-password-1",
    });
    if (response.status === 429) {
      expect(response.body.error.code).toBe(ErrorCode.AUTH_TOO_MANY_REQUESTS);
      limited++;
    }
  }
  return limited;
}

const forged = (attempt: number) => `198.51.100.${attempt + 1}`;

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["0", false],
    ["false", false],
    ["1", 1],
    ["2", 2],
    ["10.0.0.1", ["10.0.0.1"]],
    [" 10.0.0.0/8 , ::1, fd00::/8,loopback ", ["10.0.0.0/8", "::1", "fd00::/8", "loopback"]],
  ])("%j trusts %j", (value, expected) => {
    const env = {
      DATA_DIR: tmpdir(),
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      ...(value !== undefined && { TRUST_PROXY: value }),
    };
    expect(loadConfig(env).trustProxy).toEqual(expected);
  });

  it.each(["true", "yes", "10.0.0.1/33", "10.0.0", "proxy.example", "10.0.0.1,"])(
    "refuses %j at start",
    (value) => {
      const env = {
        DATA_DIR: tmpdir(),
        BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
        TRUST_PROXY: value,
      };
      expect(() => loadConfig(env)).toThrow(/TRUST_PROXY/);
    },
  );

  it("1 hop: a forged X-Forwarded-For per request, with the proxy's address appended (nginx), is still limited", async () => {
    const server = await serverTrusting("1");
    const limited = await limitedSignIns(server, (attempt) => `${forged(attempt)}, 203.0.113.7`);
    expect(limited).toBe(ATTEMPTS - SIGN_INS_PER_MINUTE);
  });

  it("2 hops: only the two nearest proxies' entries count", async () => {
    const server = await serverTrusting("2");
    const limited = await limitedSignIns(
      server,
      (attempt) => `${forged(attempt)}, 203.0.113.8, 10.0.0.2`,
    );
    expect(limited).toBe(ATTEMPTS - SIGN_INS_PER_MINUTE);
  });

  it("a proxy list: a client that is not a listed proxy is keyed on its own address, whatever it forwards", async () => {
    const server = await serverTrusting("10.0.0.1");
    expect(await limitedSignIns(server, forged)).toBe(ATTEMPTS - SIGN_INS_PER_MINUTE);
  });

  it("a proxy list: behind a listed proxy (nginx appending), the limit keys on the address it saw", async () => {
    const server = await serverTrusting("127.0.0.1/8,::1");
    const limited = await limitedSignIns(server, (attempt) => `${forged(attempt)}, 203.0.113.9`);
    expect(limited).toBe(ATTEMPTS - SIGN_INS_PER_MINUTE);
    // The address the proxy saw is what counts: another one is not limited.
    const other = server.client();
    other.headers["x-forwarded-for"] = "203.0.113.10";
    const response = await other.post("/api/auth/sign-in/email", {
      email: uniqueEmail("nobody"),
      password: "wrong-password-1",
    });
    expect(response.status).not.toBe(429);
  });
});
