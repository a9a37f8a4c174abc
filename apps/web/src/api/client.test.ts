// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ErrorCode } from "@mnemo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, api, query } from "./client";

// The client against a real HTTP server on a loopback port: what it sends, and how each kind
// of failure becomes an ApiError with a code.

let server: Server;
let base = "";
const received: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request);
    response.setHeader("content-type", "application/json");
    if (request.url === "/api/missing") {
      response.statusCode = 404;
      response.end(
        JSON.stringify({ error: { code: "MEMO_NOT_FOUND", message: "memo not found" } }),
      );
    } else if (request.url === "/api/newer-code") {
      response.statusCode = 409;
      response.end(
        JSON.stringify({ error: { code: "MEMO_ARCHIVED", message: "a code from a newer server" } }),
      );
    } else if (request.url === "/api/html-error") {
      response.statusCode = 502;
      response.setHeader("content-type", "text/html");
      response.end("<html>Bad gateway</html>");
    } else if (request.url === "/api/empty") {
      response.statusCode = 204;
      response.end();
    } else {
      response.end(JSON.stringify({ ok: true, method: request.method }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the server sets this cookie in the real app
  document.cookie = "XSRF-TOKEN=token%2Fvalue";
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("api()", () => {
  it("answers the JSON body", async () => {
    expect(await api("GET", `${base}/api/thing`)).toEqual({ ok: true, method: "GET" });
  });

  it("answers undefined for 204", async () => {
    expect(await api("DELETE", `${base}/api/empty`)).toBeUndefined();
  });

  it("sends the anti-forgery cookie's value as X-XSRF-TOKEN on a change, not on a read", async () => {
    received.length = 0;
    await api("POST", `${base}/api/thing`, { title: "제목" });
    await api("GET", `${base}/api/thing`);
    expect(received[0]?.headers["x-xsrf-token"]).toBe("token/value");
    expect(received[0]?.headers["content-type"]).toBe("application/json");
    expect(received[1]?.headers["x-xsrf-token"]).toBeUndefined();
  });

  it("turns the server's error shape into an ApiError with its code and status", async () => {
    const error = await api("GET", `${base}/api/missing`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ErrorCode.MEMO_NOT_FOUND, status: 404 });
  });

  it("turns a code it does not know into INTERNAL, keeping the status", async () => {
    const error = await api("GET", `${base}/api/newer-code`).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: ErrorCode.INTERNAL, status: 409 });
  });

  it("turns a foreign error page into INTERNAL", async () => {
    const error = await api("GET", `${base}/api/html-error`).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: ErrorCode.INTERNAL, status: 502 });
  });

  it("turns an unreachable server into NETWORK_UNAVAILABLE", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await api("GET", `http://127.0.0.1:${port}/api/thing`).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: ErrorCode.NETWORK_UNAVAILABLE, status: 0 });
  });
});

describe("query()", () => {
  it.each([
    [{ sort: "latest", limit: 50, cursor: undefined }, "?sort=latest&limit=50"],
    [{ q: "한국어 & more", tz: -300 }, "?q=%ED%95%9C%EA%B5%AD%EC%96%B4+%26+more&tz=-300"],
    [{ cursor: null }, ""],
  ])("builds %j as %s", (params, expected) => {
    expect(query(params)).toBe(expected);
  });
});
