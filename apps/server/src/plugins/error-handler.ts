import type { Socket } from "node:net";
import { AppError, ErrorCode } from "@mnemo/domain";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isStorageUnavailable } from "../db/storage-errors.js";
import { errorStatus } from "../http/error-status.js";

// Read from Node's own module object, not imported: an ESM import of node:http makes Node 24 read
// every export of it, and its WebSocket getters then load undici, which nothing at start needs
// (see startup-imports.test.ts).
const { STATUS_CODES } = process.getBuiltinModule("node:http");

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

/**
 * Maps Fastify's own failures (body parsing, limits, the router's bad URLs) and a database that
 * cannot serve right now onto our codes; the status then comes from the one code → status table
 * like every other error's.
 */
function classify(error: FastifyError): ErrorCode {
  if (isStorageUnavailable(error)) return ErrorCode.STORAGE_UNAVAILABLE;
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return ErrorCode.PAYLOAD_TOO_LARGE;
  if (error.statusCode === 429) return ErrorCode.RATE_LIMITED;
  const status = error.statusCode ?? 500;
  if (error.validation || (status >= 400 && status < 500)) return ErrorCode.VALIDATION_FAILED;
  return ErrorCode.INTERNAL;
}

/**
 * Answers any error as `{ error: { code, message, details? } }` with the status of its code; the
 * message of an unexpected (5xx) failure stays in the log.
 */
export function sendError(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof AppError) {
    const body: ErrorBody = { error: { code: error.code, message: error.message } };
    if (error.details !== undefined) body.error.details = error.details;
    return reply.status(errorStatus[error.code]).send(body);
  }
  const code = classify(error);
  const status = errorStatus[code];
  if (code === ErrorCode.STORAGE_UNAVAILABLE) {
    request.log.warn({ err: error }, "storage unavailable");
    const message = "the database cannot serve right now; nothing was changed";
    return reply.status(status).send({ error: { code, message } } satisfies ErrorBody);
  }
  if (status >= 500) request.log.error({ err: error }, "unhandled error");
  const message = status >= 500 ? "internal error" : error.message;
  return reply.status(status).send({ error: { code, message } } satisfies ErrorBody);
}

/** Every error a route or hook throws goes through {@link sendError}. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(sendError);
});

/** Body of the 404 for an unknown route. */
export function routeNotFoundBody(method: string, url: string): ErrorBody {
  return { error: { code: ErrorCode.NOT_FOUND, message: `no route ${method} ${url}` } };
}

/** What Node's parser could not read: a head over its limit, or anything else malformed. */
function classifyClientError(error: NodeJS.ErrnoException): { code: ErrorCode; message: string } {
  if (error.code === "HPE_HEADER_OVERFLOW") {
    return { code: ErrorCode.REQUEST_HEADERS_TOO_LARGE, message: "request head over 16 KB" };
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return { code: ErrorCode.REQUEST_TIMEOUT, message: "the request took too long to arrive" };
  }
  return { code: ErrorCode.VALIDATION_FAILED, message: "malformed HTTP request" };
}

/**
 * Fastify's `clientErrorHandler`: HTTP that Node cannot parse never reaches a route, so it is
 * answered here, in the error shape like every other answer, and the connection is closed (what
 * follows on it cannot be read either), saying so with `Connection: close`.
 */
export function answerClientError(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A reset connection is gone: nobody is left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { code, message } = classifyClientError(error);
  this.log.debug({ err: error }, "unreadable request");
  const status = errorStatus[code];
  const body = JSON.stringify({ error: { code, message } } satisfies ErrorBody);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}
