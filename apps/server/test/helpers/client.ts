import { request as httpRequest } from "node:http";

/**
 * Sends the path exactly as written. fetch() resolves dot segments (`/a/./b` → `/a/b`) before
 * sending, so a test of how the server treats such spellings needs Node's own client.
 */
function fetchVerbatim(
  baseUrl: string,
  path: string,
  init: { method: string; headers: Record<string, string>; body: string | undefined },
): Promise<Response> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        hostname,
        port,
        path,
        method: init.method,
        headers: {
          ...init.headers,
          ...(init.body !== undefined && {
            "content-length": String(Buffer.byteLength(init.body)),
          }),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const item of Array.isArray(value) ? value : value ? [value] : []) {
              headers.append(name, item);
            }
          }
          const status = incoming.statusCode ?? 500;
          const hasBody = status !== 204 && status !== 304;
          resolve(new Response(hasBody ? Buffer.concat(chunks) : null, { status, headers }));
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}

/** What one HTTP exchange returned, with the JSON body parsed when there is one. */
export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A browser-like HTTP client for route tests: keeps cookies, sends our Origin, and copies the
 * XSRF-TOKEN cookie into the X-XSRF-TOKEN header on state-changing requests, as the web app does.
 */
export class TestClient {
  /** Extra headers on every request (e.g. X-Forwarded-For to act from another IP). */
  readonly headers: Record<string, string> = {};

  /**
   * @param cookies - the cookie jar; another client's, for one browser whose requests a load
   *   balancer sends to several server processes
   */
  constructor(
    readonly baseUrl: string,
    readonly cookies = new Map<string, string>(),
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private storeCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const isExpired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (isExpired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Fetches a fresh anti-forgery token the way the app does on start. */
  async ensureXsrf(): Promise<void> {
    if (!this.cookies.has("XSRF-TOKEN")) await this.request("GET", "/api/csrf");
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    init: { headers?: Record<string, string>; xsrf?: boolean; raw?: string } = {},
  ): Promise<TestResponse<T>> {
    const isSafe = method === "GET" || method === "HEAD";
    if (!isSafe && init.xsrf !== false) await this.ensureXsrf();
    const headers: Record<string, string> = { origin: this.baseUrl, ...this.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (!isSafe && init.xsrf !== false && xsrf) headers["x-xsrf-token"] = decodeURIComponent(xsrf);
    let payload: string | undefined;
    if (init.raw !== undefined) {
      payload = init.raw;
      headers["content-type"] = "application/json";
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers["content-type"] = "application/json";
    }
    Object.assign(headers, init.headers);
    // A printable ASCII path that fetch would rewrite (or read `//x` as a host): a spelling
    // under test.
    const isVerbatim =
      /^\/[\x21-\x7e]*$/.test(path) &&
      (path.startsWith("//") || new URL(path, this.baseUrl).href !== this.baseUrl + path);
    const response = isVerbatim
      ? await fetchVerbatim(this.baseUrl, path, { method, headers, body: payload })
      : await fetch(new URL(path, this.baseUrl), {
          method,
          headers,
          body: payload,
          redirect: "manual",
        });
    this.storeCookies(response);
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get("content-type")?.includes("json") && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  /**
   * Sends `form` as multipart/form-data (fetch writes the boundary), with the anti-forgery
   * header like any write.
   */
  async postForm<T = any>(path: string, form: FormData): Promise<TestResponse<T>> {
    await this.ensureXsrf();
    const headers: Record<string, string> = { origin: this.baseUrl, ...this.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (xsrf) headers["x-xsrf-token"] = decodeURIComponent(xsrf);
    const response = await fetch(new URL(path, this.baseUrl), {
      method: "POST",
      headers,
      body: form,
      redirect: "manual",
    });
    this.storeCookies(response);
    const text = await response.text();
    const isJson = response.headers.get("content-type")?.includes("json") && text;
    return {
      status: response.status,
      body: (isJson ? JSON.parse(text) : text) as T,
      headers: response.headers,
    };
  }

  /**
   * POSTs a multipart body with one file whose bytes arrive in two writes: `first`, then after
   * `pauseMs` the `rest` and the closing boundary, as a slow network delivers an upload. The
   * server has consumed `first` before `rest` arrives (what decides a size limit's race).
   */
  async postFileInTwoWrites(
    path: string,
    file: { first: Uint8Array; rest: Uint8Array; name: string; type: string },
    pauseMs = 300,
  ): Promise<{ status: number; body: any }> {
    await this.ensureXsrf();
    const boundary = `----mnemo${Date.now()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const headers: Record<string, string> = {
      origin: this.baseUrl,
      ...this.headers,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(head.length + file.first.length + file.rest.length + tail.length),
      cookie: this.cookieHeader(),
      "x-xsrf-token": decodeURIComponent(this.cookies.get("XSRF-TOKEN") ?? ""),
    };
    const { hostname, port } = new URL(this.baseUrl);
    return new Promise((resolve, reject) => {
      const request = httpRequest({ hostname, port, path, method: "POST", headers }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const isJson = String(incoming.headers["content-type"]).includes("json") && text;
          resolve({ status: incoming.statusCode ?? 0, body: isJson ? JSON.parse(text) : text });
        });
      });
      // The server may answer (and close) before the second write: that is an answer too.
      request.on("error", reject);
      request.write(head);
      request.write(file.first);
      setTimeout(() => {
        if (request.destroyed) return;
        request.write(file.rest);
        request.end(tail);
      }, pauseMs);
    });
  }

  /** GETs the raw bytes of an answer (an image), with its status and headers. */
  async getBytes(path: string, headers: Record<string, string> = {}) {
    const all: Record<string, string> = { origin: this.baseUrl, ...this.headers, ...headers };
    if (this.cookies.size > 0) all.cookie = this.cookieHeader();
    const response = await fetch(new URL(path, this.baseUrl), { headers: all, redirect: "manual" });
    return {
      status: response.status,
      bytes: new Uint8Array(await response.arrayBuffer()),
      headers: response.headers,
    };
  }

  get<T = any>(path: string, init?: { headers?: Record<string, string> }) {
    return this.request<T>("GET", path, undefined, init);
  }
  post<T = any>(path: string, body?: unknown, init?: { headers?: Record<string, string> }) {
    return this.request<T>("POST", path, body ?? {}, init);
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>("PATCH", path, body ?? {});
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>("PUT", path, body ?? {});
  }
  delete<T = any>(path: string) {
    return this.request<T>("DELETE", path);
  }
}

/** Counts answers by `status code`, e.g. `{ "401 AUTH_WRONG_PASSWORD": 100, "200 ok": 1 }`. */
export function tallyAnswers(
  responses: ReadonlyArray<{ status: number; body: any }>,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, body } of responses) {
    const key = `${status} ${body?.error?.code ?? "ok"}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
