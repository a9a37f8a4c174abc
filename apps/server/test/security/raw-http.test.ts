import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";

// What the server answers below the routes: HTTP it cannot read (a head over 16 KB, malformed
// request lines and headers) and CORS preflights. Every answer has the API's error shape, and one
// after which the server closes the connection says `Connection: close`.

let server: TestServer;
/** A native shell origin: trusted by every server. */
const TRUSTED_ORIGIN = "capacitor://localhost";

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
  /** The server closed the connection after this answer. */
  isClosed: boolean;
}

/** Sends `raw` as it is over a new TCP connection; reads one answer (and whether it closed). */
function sendRaw(raw: string): Promise<RawResponse> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = "";
    let isClosed = false;
    const finish = () => {
      clearTimeout(timer);
      const [head = "", ...rest] = received.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = new Map<string, string>();
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      socket.destroy();
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join(""), isClosed });
    };
    // A kept-alive connection stays open: stop reading once the whole body is in.
    const timer = setTimeout(finish, 2_000);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const [head = "", ...rest] = received.split("\r\n\r\n");
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
      if (rest.length > 0 && length !== undefined && rest.join("").length >= Number(length)) {
        // Give a closing server a moment to close, so `isClosed` tells the truth.
        setTimeout(finish, 100);
      }
    });
    socket.on("end", () => {
      isClosed = true;
    });
    socket.on("close", () => {
      isClosed = true;
      finish();
    });
    socket.on("error", reject);
    socket.write(raw, "latin1");
  });
}

function expectErrorShape(response: RawResponse, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = JSON.parse(response.body);
  expect(body).toEqual({ error: { code, message: expect.any(String) } });
}

function expectClosedSaying(response: RawResponse) {
  expect(response.isClosed).toBe(true);
  expect(response.headers.get("connection")).toBe("close");
}

describe("HTTP the server cannot read", () => {
  it("answers a request head over 16 KB with 431 REQUEST_HEADERS_TOO_LARGE and closes", async () => {
    const response = await sendRaw(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expectErrorShape(response, 431, "REQUEST_HEADERS_TOO_LARGE");
    expectClosedSaying(response);
  });

  it.each([
    ["a request line that is not HTTP", "HELLO\r\n\r\n"],
    ["a header without a colon", "GET /api/health HTTP/1.1\r\nHost: x\r\nnocolon\r\n\r\n"],
    ["a bad Content-Length", "POST /api/memos HTTP/1.1\r\nHost: x\r\nContent-Length: zz\r\n\r\n"],
    [
      "both Content-Length and chunked",
      "POST /api/memos HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc",
    ],
    [
      "a broken chunk",
      "POST /api/memos HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n",
    ],
    ["a NUL in a header", "GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n"],
  ])("answers %s with 400 VALIDATION_FAILED and closes", async (_name, raw) => {
    const response = await sendRaw(raw);
    expectErrorShape(response, 400, "VALIDATION_FAILED");
    expectClosedSaying(response);
  });

  it("answers a body over the limit with 413 PAYLOAD_TOO_LARGE, saying Connection: close if it closes", async () => {
    const response = await sendRaw(
      `POST /api/memos HTTP/1.1\r\nHost: ${new URL(server.baseUrl).host}\r\n` +
        `Content-Type: application/json\r\nAuthorization: Bearer x\r\nContent-Length: ${3 * 1024 * 1024}\r\n\r\n{"title":"`,
    );
    expectErrorShape(response, 413, "PAYLOAD_TOO_LARGE");
    if (response.isClosed) expect(response.headers.get("connection")).toBe("close");
  });

  it("keeps a good request on a kept-alive connection answering without Connection: close", async () => {
    const response = await sendRaw("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(response.status).toBe(200);
    expect(response.isClosed).toBe(false);
    expect(response.headers.get("connection")).not.toBe("close");
  });
});

describe("CORS preflight", () => {
  it("answers a trusted origin's OPTIONS without Access-Control-Request-Method with the error shape", async () => {
    const response = await sendRaw(
      `OPTIONS /api/memos HTTP/1.1\r\nHost: x\r\nOrigin: ${TRUSTED_ORIGIN}\r\n\r\n`,
    );
    expectErrorShape(response, 400, "VALIDATION_FAILED");
  });

  it("still answers a proper preflight of a trusted origin with 204 and its headers", async () => {
    const response = await sendRaw(
      `OPTIONS /api/memos HTTP/1.1\r\nHost: x\r\nOrigin: ${TRUSTED_ORIGIN}\r\n` +
        "Access-Control-Request-Method: POST\r\n\r\n",
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(TRUSTED_ORIGIN);
  });

  it("answers another origin's OPTIONS with the error shape and no CORS header", async () => {
    const response = await sendRaw(
      "OPTIONS /api/memos HTTP/1.1\r\nHost: x\r\nOrigin: https://evil.example\r\n\r\n",
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(response.body).error.code).toEqual(expect.any(String));
    expect(response.headers.has("access-control-allow-origin")).toBe(false);
  });
});
