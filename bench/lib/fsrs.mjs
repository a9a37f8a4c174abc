import { DAY_MS, fsrsStateFromReviews } from "@mnemo/domain";
import Database from "better-sqlite3";
import { check } from "./report.mjs";

// The FSRS part of the bench (issue 9): grades and derived states seeded into the FSRS folders,
// the pure replay timing, the review queue scenarios and their targets. Kept apart from the
// other bench files so that their changes and these merge cleanly.

/** mulberry32, as in seed-memos.mjs: the same grades on every run. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A grade as a learner gives them: mostly Good, some Again, a few Hard and Easy. */
function gradeOf(random) {
  const x = random();
  if (x < 0.14) return 1;
  if (x < 0.24) return 2;
  if (x < 0.9) return 3;
  return 4;
}

/**
 * Gives the review rows of the memos in FSRS folders a grade and writes each such memo's FSRS
 * state (memo_fsrs) as the API would: the domain's `fsrsStateFromReviews` over its rows with its
 * folder's desired retention and the default weights. Run after `seedMemos`, server stopped.
 *
 * @param {{ dbFile: string, userId: string, now?: number, seed?: number }} options
 * @returns {{ fsrsMemos: number, gradedRows: number, fsrsFolderIds: string[], ms: number }}
 *   `fsrsFolderIds`: the FSRS folders shown on home
 */
export function seedFsrsStates({ dbFile, userId, now = Date.now(), seed = 20261128 }) {
  const startedAt = performance.now();
  const random = seededRandom(seed);
  const db = new Database(dbFile);
  try {
    db.pragma("foreign_keys = ON");
    db.pragma("synchronous = OFF");
    const memos = db
      .prepare(
        `SELECT m.id, m.folder_id AS folderId, m.created_at AS createdAt,
                f.desired_retention AS desiredRetention
           FROM memos m JOIN folders f ON f.user_id = m.user_id AND f.id = m.folder_id
          WHERE m.user_id = ? AND f.scheduler = 'fsrs' ORDER BY m.id`,
      )
      .all(userId);
    const selectReviews = db.prepare(
      `SELECT op_id AS opId, reviewed_at AS at FROM memo_reviews
        WHERE user_id = ? AND memo_id = ? ORDER BY reviewed_at, op_id`,
    );
    const setGrade = db.prepare(
      "UPDATE memo_reviews SET grade = ? WHERE user_id = ? AND op_id = ?",
    );
    const insertState = db.prepare(
      `INSERT INTO memo_fsrs (user_id, memo_id, folder_id, state, stability, difficulty, due,
         lapses, reps, learning_steps, last_review)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const states = ["new", "learning", "review", "relearning"];
    let gradedRows = 0;
    db.transaction(() => {
      for (const memo of memos) {
        const rows = selectReviews.all(userId, memo.id).map((row) => {
          const grade = gradeOf(random);
          setGrade.run(grade, userId, row.opId);
          return { at: row.at, grade };
        });
        gradedRows += rows.length;
        const state = fsrsStateFromReviews(rows, {
          now,
          createdAt: memo.createdAt,
          desiredRetention: memo.desiredRetention,
        });
        insertState.run(
          userId,
          memo.id,
          memo.folderId,
          states.indexOf(state.state),
          state.stability,
          state.difficulty,
          state.due,
          state.lapses,
          state.reps,
          state.learningSteps,
          state.lastReviewedAt,
        );
      }
    })();
    const fsrsFolderIds = db
      .prepare(
        `SELECT id FROM folders WHERE user_id = ? AND scheduler = 'fsrs'
            AND show_at_home_review_list = 1 ORDER BY id`,
      )
      .all(userId)
      .map((row) => row.id);
    return {
      fsrsMemos: memos.length,
      gradedRows,
      fsrsFolderIds,
      ms: performance.now() - startedAt,
    };
  } finally {
    db.close();
  }
}

/**
 * Times the domain's replay of 10,000 review rows of one memo (pure, in this process): the
 * median and the slowest of 50 runs after 10 warm-up runs.
 *
 * @returns {{ rows: number, medianMs: number, maxMs: number }}
 */
export function measureFsrsReplay() {
  const random = seededRandom(9);
  const rows = [];
  let at = Date.UTC(2020, 0, 1);
  for (let i = 0; i < 10_000; i += 1) {
    at += Math.ceil(random() * 3 * DAY_MS);
    rows.push({ at, grade: gradeOf(random) });
  }
  const options = { now: at + DAY_MS, desiredRetention: 0.9 };
  for (let i = 0; i < 10; i += 1) fsrsStateFromReviews(rows, options);
  const times = [];
  for (let i = 0; i < 50; i += 1) {
    const started = performance.now();
    fsrsStateFromReviews(rows, options);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { rows: rows.length, medianMs: times[25], maxMs: times[49] };
}

/**
 * The review queue scenarios: the whole home queue, and one FSRS folder's.
 *
 * @param {object} options
 * @param {import("./browser-client.mjs").BrowserClient} options.client signed in
 * @param {string[]} options.fsrsFolderIds the FSRS folders shown on home
 */
export function fsrsScenarios({ client, fsrsFolderIds }) {
  const getHeaders = client.headersFor("GET");
  const probe = async (path) => {
    const response = await client.expect("GET", path);
    const fsrs = response.body?.memos?.filter((memo) => memo.source === "fsrs").length ?? 0;
    if (fsrs === 0) throw new Error(`GET ${path}: expected due FSRS memos first, got none`);
  };
  let n = 0;
  const folderPath = () =>
    `/api/review/queue?folderId=${fsrsFolderIds[n++ % fsrsFolderIds.length]}&limit=50`;
  return [
    {
      key: "review_queue",
      name: "review queue GET /api/review/queue (home, 50)",
      connections: 1,
      baseline: "health_c1",
      probe: () => probe("/api/review/queue"),
      requests: () => [{ method: "GET", path: "/api/review/queue", headers: getHeaders }],
    },
    {
      key: "review_queue_folder",
      name: "review queue GET /api/review/queue?folderId= (one FSRS folder, 50)",
      connections: 1,
      baseline: "health_c1",
      probe: () => probe(folderPath()),
      requests: () => [
        {
          method: "GET",
          path: folderPath(),
          headers: getHeaders,
          setupRequest: (request) => ({ ...request, path: folderPath() }),
        },
      ],
    },
  ];
}

/** The FSRS targets (issue 9 › Tests and figures). */
export function fsrsTargets(byKey, figures) {
  return [
    check("FSRS replay of 10,000 rows (median)", figures.fsrsReplayMs, "<=", 5, "ms"),
    check("review queue p99", byKey.review_queue?.result?.p99Ms, "<=", 15, "ms"),
    check("review queue of a folder p99", byKey.review_queue_folder?.result?.p99Ms, "<=", 15, "ms"),
  ];
}
