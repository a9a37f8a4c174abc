/**
 * An HTTP client that behaves like the web app in a browser: sends our Origin, keeps cookies,
 * and copies the XSRF-TOKEN cookie into X-XSRF-TOKEN on state-changing requests.
 */
export class BrowserClient {
  /** @param {string} baseUrl the server's PUBLIC_URL */
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
    /** @type {Map<string, string>} */
    this.cookies = new Map();
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The headers a browser tab would send now (used to prime the load generator too). */
  headersFor(method) {
    const headers = { origin: this.baseUrl };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (method !== "GET" && method !== "HEAD" && xsrf) {
      headers["x-xsrf-token"] = decodeURIComponent(xsrf);
    }
    return headers;
  }

  storeCookies(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const isExpired = value === "" || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (isExpired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * @returns {Promise<{ status: number, body: any, headers: Headers }>}
   */
  async request(method, path, body) {
    if (method !== "GET" && method !== "HEAD" && !this.cookies.has("XSRF-TOKEN")) {
      await this.request("GET", "/api/csrf");
    }
    const headers = this.headersFor(method);
    let payload;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: payload,
      redirect: "manual",
    });
    this.storeCookies(response);
    const text = await response.text();
    const isJson = response.headers.get("content-type")?.includes("json") && text !== "";
    return {
      status: response.status,
      body: isJson ? JSON.parse(text) : text,
      headers: response.headers,
    };
  }

  /** Like {@link request} but throws unless the status is 2xx (or one of `okStatuses`). */
  async expect(method, path, body, okStatuses = []) {
    const response = await this.request(method, path, body);
    const ok =
      (response.status >= 200 && response.status < 300) || okStatuses.includes(response.status);
    if (!ok) {
      const detail =
        typeof response.body === "string" ? response.body : JSON.stringify(response.body);
      throw new Error(`${method} ${path} answered ${response.status}: ${detail.slice(0, 500)}`);
    }
    return response;
  }
}
