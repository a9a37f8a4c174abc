import { ErrorCode, fsrsParametersResponseSchema } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { getFsrsParameters, startFsrsOptimization } from "./fsrs.service.js";

const tags = ["fsrs"];
const security = [{ session: [] }];

/** The user's FSRS parameters and their optimization (issue 9 › Personal parameters). */
export async function fsrsRoutes(app: FastifyInstance): Promise<void> {
  // Optimization runs outlive their request; closing the server waits for them, so none
  // writes into a closed database.
  const runs = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled([...runs]);
  });
  const track = (run: Promise<void>) => {
    runs.add(run);
    void run.finally(() => runs.delete(run));
  };

  app.get(
    "/fsrs/parameters",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "The FSRS weights in use, graded review count and the latest optimization",
        response: { 200: fsrsParametersResponseSchema },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      return getFsrsParameters(app.deps, user.id);
    },
  );

  app.post(
    "/fsrs/optimize",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Start optimizing the FSRS weights on the user's graded reviews (202)",
        description:
          "Runs off the request path; GET /api/fsrs/parameters reports its end with the log " +
          "loss before and after. A run already running is answered as it is.",
        response: { 202: fsrsParametersResponseSchema },
        errors: [ErrorCode.FSRS_NOT_ENOUGH_REVIEWS, ErrorCode.FSRS_OPTIMIZER_UNAVAILABLE],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const answer = await startFsrsOptimization(app.deps, user.id, track);
      return reply.code(202).send(answer);
    },
  );
}
