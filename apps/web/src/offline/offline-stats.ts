import {
  type StatsQuery,
  type StatsResponse,
  type StatsReviewRow,
  statsFromRows,
  utcOffsetMinutesAt,
} from "@mnemo/domain";
import { cacheDb } from "./cache";

// Statistics on the device, apart from the rest of the offline layer: the domain's stats rules
// bring their schemas (and zod) along, which only the statistics screens need (issue 3's first
// route budget: see `offline-lazy.ts`).

/** The last `GET /api/stats` answer, kept for offline reads (see {@link readStats}). */
export async function storeServerStats(stats: StatsResponse): Promise<void> {
  await cacheDb().meta.put({ key: "stats", value: stats });
}

/**
 * `GET /api/stats` computed on the device (issue 9 › Statistics) by the domain's `statsFromRows`.
 * The device does not keep every review row, so the rows are: the reviews per day of the last
 * answer of the server (each day's count at its local noon), plus the reviews made here and not
 * sent yet (in the outbox, with their grades); the forecast reads the FSRS state of the cached
 * memos, the retention adds those reviews to the last answer's counts. Without a kept answer
 * only this device's unsent reviews count.
 */
export async function readStats(query: StatsQuery, now: number): Promise<StatsResponse> {
  const db = cacheDb();
  const [stored, folders, outbox] = await Promise.all([
    db.meta.get("stats"),
    db.folders.toArray(),
    db.outbox.toArray(),
  ]);
  const kept = (stored?.value ?? null) as StatsResponse | null;
  const fsrsFolders = folders.filter((folder) => folder.scheduler === "fsrs");
  const fsrsMemos =
    fsrsFolders.length === 0
      ? []
      : await db.memos
          .where("folderId")
          .anyOf(fsrsFolders.map((folder) => folder.id))
          .toArray();
  const memoFolders = new Map<string, string>();
  const pendingIds = new Set(
    outbox.flatMap((entry) => (entry.op.kind === "memo.review" ? [entry.op.memoId] : [])),
  );
  for (const memo of await db.memos
    .where("id")
    .anyOf([...pendingIds])
    .toArray()) {
    memoFolders.set(memo.id, memo.folderId);
  }
  const pending: StatsReviewRow[] = outbox.flatMap((entry) =>
    entry.op.kind === "memo.review"
      ? [
          {
            reviewedAt: entry.op.reviewedAt ?? entry.queuedAt,
            grade: entry.op.grade ?? null,
            folderId: memoFolders.get(entry.op.memoId) ?? "",
          },
        ]
      : [],
  );
  // Earlier days as the server counted them; a kept folder id of "" never counts for retention.
  const keptRows: StatsReviewRow[] = (kept?.days ?? []).flatMap((day) => {
    const utcNoon = Date.parse(`${day.date}T12:00:00Z`);
    const localNoon = utcNoon - utcOffsetMinutesAt(query.tz, utcNoon) * 60_000;
    return Array.from({ length: day.count }, () => ({
      reviewedAt: localNoon,
      grade: null,
      folderId: "",
    }));
  });
  const stats = statsFromRows(query, now, {
    reviews: [...keptRows, ...pending],
    fsrsDue: fsrsMemos.flatMap((memo) => (memo.fsrs ? [{ due: memo.fsrs.due }] : [])),
    fsrsFolders: fsrsFolders.map(({ id, title, desiredRetention }) => ({
      id,
      title,
      desiredRetention,
    })),
  });
  const keptRetention = new Map((kept?.retention ?? []).map((row) => [row.folderId, row]));
  return {
    ...stats,
    retention: stats.retention.map((row) => {
      const before = keptRetention.get(row.folderId);
      if (!before) return row;
      const reviews = row.reviews + before.reviews;
      const passed = row.passed + before.passed;
      return { ...row, reviews, passed, trueRetention: reviews === 0 ? null : passed / reviews };
    }),
  };
}
