import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

// Issue 14: the API's answers are compressed when the client accepts it (brotli first, then
// gzip) and they are over 1 KB: the first download of 100,000 memos was 104 MB of JSON. Levels
// that cost little CPU: brotli quality 4 and gzip level 5 compress JSON to a fifth or less at
// tens of MB/s. Registered for the feature routes only (registerFeatureRoutes): not for
// better-auth's routes, whose answers carry session tokens (the BREACH attack reads secrets
// from the compressed size of an answer that also reflects the attacker's text), and not for
// the static files, which the build compresses ahead. Images and zips are left alone by type
// (mime-db does not list them as compressible). Request bodies are not decompressed: a client
// sends plain JSON, and a compressed body would get round the body limits' intent.

/** Answers smaller than this are sent as they are. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 5 },
  });
}
