import { request as httpRequest } from "node:http";

/** An answer as it came over the wire: the body not decoded (fetch would undo compression). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A GET (or HEAD) of `path` on `baseUrl` with exactly `headers`, answered as sent (see
 * {@link RawAnswer}).
 */
export function rawGet(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
  method: "GET" | "HEAD" = "GET",
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, baseUrl), { headers, method }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}
