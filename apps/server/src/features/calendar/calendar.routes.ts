import { calendarQuerySchema, calendarResponseSchema, ErrorCode } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { getCalendar } from "./calendar.service.js";

/** The calendar of the user's private memos. */
export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/calendar",
    {
      schema: routeSchema({
        tags: ["calendar"],
        security: [{ session: [] }],
        summary: "Memos created, reviewed and completed per local day (at most 62 days)",
        querystring: calendarQuerySchema,
        response: { 200: calendarResponseSchema },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const query = parseInput(calendarQuerySchema, request.query);
      return { days: await getCalendar(app.deps, user.id, query) };
    },
  );
}
