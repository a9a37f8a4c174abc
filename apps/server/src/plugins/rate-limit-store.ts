import { createHmac } from "node:crypto";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { countLimitHit } from "../auth/auth-limits.repo.js";
import type { Db } from "../db/database.js";

// Issue 14 (two server processes on one PostgreSQL): the per-address limits (sign-ins, mails,
// public reads, error logs) are counted in the database, in `auth_limits` beside the per-account
// ones, so a client that spreads its requests over several processes meets the same limit as
// with one. An SQLite database belongs to one server process, and a write per limited request
// (public reads among them) would cost it a synced commit each: there the counts stay in the
// process's memory (@fastify/rate-limit's own store).

type RouteInfo = { routeInfo: { method: string; url: string } };

/**
 * A store for @fastify/rate-limit that counts in `auth_limits`. Keys hold the route and an HMAC
 * of the client's address under the server's secret, not the address itself: the table keeps a
 * counter for a day (see deleteIdleLimits) and needs no addresses for it.
 */
export function databaseRateLimitStore(deps: {
  db: Db;
  now: () => number;
  secret: string;
}): FastifyRateLimitStoreCtor {
  const keyOf = (route: string, client: string) =>
    `ip:${route}:${createHmac("sha256", deps.secret).update(client).digest("base64url")}`;

  class DatabaseStore implements FastifyRateLimitStore {
    readonly route: string;

    constructor(options: unknown) {
      this.route = typeof options === "string" ? options : "*";
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = deps.now();
      countLimitHit(deps.db, keyOf(this.route, key), timeWindow, now).then(
        ({ hits, windowStartedAt }) =>
          callback(null, { current: hits, ttl: windowStartedAt + timeWindow - now }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      const { routeInfo } = routeOptions as unknown as RouteInfo;
      return new DatabaseStore(`${routeInfo.method} ${routeInfo.url}`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
