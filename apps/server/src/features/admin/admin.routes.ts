import { DAY_MS, ErrorCode, logEntrySchema } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireAdmin } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { logsRepo } from "../logs/logs.repo.js";
import { adminRepo } from "./admin.repo.js";

const analyticsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
  /** Minutes to add to UTC for the admin's local day (e.g. 540 for Korea). */
  tz: z.coerce.number().int().min(-840).max(840).default(0),
});

const dayCountsSchema = z.array(z.object({ date: z.string(), count: z.int() }));
const analyticsResponseSchema = z.object({
  userCount: z.int(),
  signUpsPerDay: dayCountsSchema,
  reviewsPerDay: dayCountsSchema,
  latestErrors: z.array(logEntrySchema.extend({ id: z.string() })),
});

function toDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const repo = adminRepo(app.deps.db.kysely);
  const logs = logsRepo(app.deps.db.kysely);

  app.get(
    "/admin/analytics",
    {
      schema: routeSchema({
        tags: ["admin"],
        security: [{ session: [] }],
        summary: "Users, sign-ups and reviews per day, latest errors",
        querystring: analyticsQuerySchema,
        response: { 200: analyticsResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.FORBIDDEN],
      }),
    },
    async (request) => {
      await requireAdmin(request);
      const query = parseInput(analyticsQuerySchema, request.query);
      const offsetMs = query.tz * 60_000;
      const now = app.deps.now();
      const since = (Math.floor((now + offsetMs) / DAY_MS) - query.days + 1) * DAY_MS - offsetMs;
      const [userCount, signUps, reviews, latestErrors] = await Promise.all([
        repo.userCount(),
        repo.signUpsPerDay(since, offsetMs),
        repo.reviewsPerDay(since, offsetMs),
        logs.latest(20),
      ]);
      return {
        userCount,
        signUpsPerDay: signUps.map((d) => ({ date: toDate(d.day), count: d.count })),
        reviewsPerDay: reviews.map((d) => ({ date: toDate(d.day), count: d.count })),
        latestErrors,
      };
    },
  );
}
