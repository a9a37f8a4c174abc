import { AppError, ErrorCode } from "@mnemo/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { errorStatus } from "../http/error-status.js";

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

/** Maps Fastify's own failures (body parsing, limits, 404 routes) onto our codes. */
function classify(error: FastifyError): { code: ErrorCode; status: number } {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return { code: ErrorCode.PAYLOAD_TOO_LARGE, status: 413 };
  }
  if (error.statusCode === 429) return { code: ErrorCode.RATE_LIMITED, status: 429 };
  if (error.validation || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
    return { code: ErrorCode.VALIDATION_FAILED, status: error.statusCode ?? 400 };
  }
  return { code: ErrorCode.INTERNAL, status: 500 };
}

/** Every error answers `{ error: { code, message, details? } }`, with the status of its code. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { error: { code: error.code, message: error.message } };
      if (error.details !== undefined) body.error.details = error.details;
      return reply.status(errorStatus[error.code]).send(body);
    }
    const { code, status } = classify(error);
    if (status >= 500) request.log.error({ err: error }, "unhandled error");
    const message = status >= 500 ? "internal error" : error.message;
    return reply.status(status).send({ error: { code, message } } satisfies ErrorBody);
  });
});

/** Body of the 404 for an unknown route. */
export function routeNotFoundBody(method: string, url: string): ErrorBody {
  return { error: { code: ErrorCode.NOT_FOUND, message: `no route ${method} ${url}` } };
}
