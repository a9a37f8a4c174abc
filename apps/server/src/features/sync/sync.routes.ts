import { syncChangesQuerySchema } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { parseInput } from "../../http/validate.js";
import { listChanges } from "./sync.service.js";

const tags = ["sync"];
const security = [{ session: [] }];

/** The change feed offline clients pull: what changed in the user's folders and memos. */
export async function syncRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/sync/changes",
    {
      schema: {
        tags,
        security,
        summary: "Folders, memos (with contents) and deletions changed after a cursor",
        description:
          "Pages of at most 1000 items in (seq, kind, id) order; no cursor = from the beginning. " +
          "`nextCursor` is always present; `hasMore` says another page follows now.",
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const query = parseInput(syncChangesQuerySchema, request.query);
      return listChanges(app.deps, user.id, query);
    },
  );
}
