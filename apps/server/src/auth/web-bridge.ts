import type { IncomingHttpHeaders } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { toAppError } from "./auth-errors.js";

// better-auth speaks the Fetch API (Request → Response); Fastify speaks Node's. These functions
// carry a request over and the answer back, cookies included.

/** Hop-by-hop and length headers: Node recomputes them for the re-encoded body. */
const UNFORWARDED_REQUEST_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "host",
]);
const UNFORWARDED_RESPONSE_HEADERS = new Set(["set-cookie", "content-length", "transfer-encoding"]);

export function toWebHeaders(headers: IncomingHttpHeaders): Headers {
  const web = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || UNFORWARDED_REQUEST_HEADERS.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) web.append(name, item);
  }
  return web;
}

export interface ForwardOptions {
  /** Where better-auth's links and cookies point: the configured public URL. */
  publicUrl: string;
  /** Replaces the parsed body (e.g. a normalized e-mail); default: the request's body. */
  body?: unknown;
  /** Replaces the path (with query), e.g. to sign in on behalf of the dev route. */
  url?: string;
}

/**
 * The Fetch request better-auth expects. X-Forwarded-For carries the client address Fastify
 * resolved (honouring TRUST_PROXY), so a client cannot choose what better-auth records.
 */
export function toWebRequest(request: FastifyRequest, options: ForwardOptions): Request {
  const headers = toWebHeaders(request.headers);
  headers.set("x-forwarded-for", request.ip);
  const body = options.body !== undefined ? options.body : request.body;
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && body !== undefined;
  if (hasBody && typeof body !== "string") headers.set("content-type", "application/json");
  return new Request(new URL(options.url ?? request.url, options.publicUrl), {
    method: request.method,
    headers,
    // Form posts (Apple's callback) arrive as raw strings; JSON bodies were parsed by Fastify.
    ...(hasBody && { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

/** Copies every Set-Cookie line (a session change sets several) onto the reply. */
export function copySetCookies(reply: FastifyReply, headers: Headers): void {
  const lines = headers.getSetCookie();
  if (lines.length === 0) return;
  const existing = reply.getHeader("set-cookie");
  const before = Array.isArray(existing) ? existing : existing ? [String(existing)] : [];
  reply.header("set-cookie", [...before, ...lines]);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.clone().json();
  } catch {
    return null;
  }
}

/** better-auth's own error code of a failed response (e.g. INVALID_EMAIL_OR_PASSWORD), if any. */
export async function betterAuthCodeOf(response: Response): Promise<string | null> {
  if (response.status < 400) return null;
  const body = await readJson(response);
  const code = typeof body === "object" && body !== null ? (body as { code?: unknown }).code : null;
  return typeof code === "string" ? code : null;
}

/**
 * Sends better-auth's answer through Fastify. A failure is thrown as our AppError instead, so
 * the error handler answers it in our shape; its cookies (e.g. a cleared session) still go out.
 */
export async function relay(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  copySetCookies(reply, response.headers);
  if (response.status >= 400) throw toAppError(response.status, await readJson(response));
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (!UNFORWARDED_RESPONSE_HEADERS.has(name)) reply.header(name, value);
  }
  const text = await response.text();
  return reply.send(text === "" ? undefined : text);
}
