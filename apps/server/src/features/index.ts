import type { FastifyInstance } from "fastify";
import { compressAnswers } from "../plugins/compress-answers.js";
import { adminRoutes } from "./admin/admin.routes.js";
import { attachmentRoutes } from "./attachments/attachments.routes.js";
import { calendarRoutes } from "./calendar/calendar.routes.js";
import { exportRoutes } from "./export/export.routes.js";
import { folderRoutes } from "./folders/folders.routes.js";
import { fsrsRoutes } from "./fsrs/fsrs.routes.js";
import { homeRoutes } from "./home/home.routes.js";
import { importRoutes } from "./imports/imports.routes.js";
import { logsRoutes } from "./logs/logs.routes.js";
import { memoRoutes } from "./memos/memos.routes.js";
import { reminderRoutes } from "./reminders/reminders.routes.js";
import { searchRoutes } from "./search/search.routes.js";
import { statsRoutes } from "./stats/stats.routes.js";
import { subjectsRoutes } from "./subjects/subjects.routes.js";
import { syncRoutes } from "./sync/sync.routes.js";
import { textRoutes } from "./text/text.routes.js";
import { trashRoutes } from "./trash/trash.routes.js";

/** Every feature's routes, registered in this order under the /api prefix. */
const featureRoutes = [
  folderRoutes,
  memoRoutes,
  attachmentRoutes,
  importRoutes,
  exportRoutes,
  homeRoutes,
  calendarRoutes,
  statsRoutes,
  reminderRoutes,
  subjectsRoutes,
  textRoutes,
  syncRoutes,
  searchRoutes,
  trashRoutes,
  fsrsRoutes,
  logsRoutes,
  adminRoutes,
];

/** Registers every feature's routes under the /api prefix, their answers compressed. */
export async function registerFeatureRoutes(app: FastifyInstance): Promise<void> {
  await compressAnswers(app);
  for (const routes of featureRoutes) await app.register(routes);
}
