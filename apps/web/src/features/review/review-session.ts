import { FSRS_GRADES, type FsrsGrade } from "@mnemo/domain";

/** A grade of a review: 1 Again, 2 Hard, 3 Good, 4 Easy (FSRS); repetition folders send none. */
export type ReviewGrade = FsrsGrade;

export const GRADES: readonly ReviewGrade[] = FSRS_GRADES;

/** One review made in the session, kept so the last one can be undone by its opId. */
export interface SessionReview {
  memoId: string;
  /** The outbox opId of the review (the server's review row carries it). */
  opId: string;
  grade: ReviewGrade | null;
  /** Epoch ms of the memo's next due time after this review, when its folder schedules one. */
  nextDueAt: number | null;
}

/**
 * The state of one review session: a queue fixed when the session starts (the cache changes as
 * reviews are recorded, and the list must not move under the user), the position in it, whether
 * the current memo's contents show, and the reviews made so far.
 */
export interface SessionState<Item extends { id: string }> {
  queue: readonly Item[];
  position: number;
  isRevealed: boolean;
  reviews: readonly SessionReview[];
  /** Epoch ms (device clock) the session started and, once the queue is done, finished. */
  startedAt: number;
  finishedAt: number | null;
}

export type SessionAction =
  | { type: "reveal" }
  | { type: "reviewed"; review: SessionReview; at: number }
  | { type: "undone" };

export function startSession<Item extends { id: string }>(
  queue: readonly Item[],
  now: number,
): SessionState<Item> {
  return {
    queue,
    position: 0,
    isRevealed: false,
    reviews: [],
    startedAt: now,
    finishedAt: queue.length === 0 ? now : null,
  };
}

/**
 * The session's next state. A review moves on to the next memo (title first again); an undo goes
 * back to the memo of the last review with its contents shown, so it can be graded again.
 */
export function reduceSession<Item extends { id: string }>(
  state: SessionState<Item>,
  action: SessionAction,
): SessionState<Item> {
  switch (action.type) {
    case "reveal":
      return state.finishedAt === null ? { ...state, isRevealed: true } : state;
    case "reviewed": {
      if (state.finishedAt !== null) return state;
      const position = state.position + 1;
      return {
        ...state,
        position,
        isRevealed: false,
        reviews: [...state.reviews, action.review],
        finishedAt: position >= state.queue.length ? action.at : null,
      };
    }
    case "undone": {
      if (state.reviews.length === 0) return state;
      return {
        ...state,
        position: state.position - 1,
        isRevealed: true,
        reviews: state.reviews.slice(0, -1),
        finishedAt: null,
      };
    }
  }
}

/** The memo shown now, or null once the session is over. */
export function currentItem<Item extends { id: string }>(state: SessionState<Item>): Item | null {
  return state.finishedAt === null ? (state.queue[state.position] ?? null) : null;
}

/** What the end of a session shows. */
export interface SessionSummary {
  reviewed: number;
  /** Milliseconds from the start to the last review. */
  timeSpentMs: number;
  againCount: number;
  /** The earliest next due time among the memos reviewed (FSRS folders), or null. */
  nextDueAt: number | null;
}

export function summarizeSession<Item extends { id: string }>(
  state: SessionState<Item>,
): SessionSummary {
  const dues = state.reviews.flatMap((review) =>
    review.nextDueAt === null ? [] : [review.nextDueAt],
  );
  return {
    reviewed: state.reviews.length,
    timeSpentMs: Math.max(0, (state.finishedAt ?? state.startedAt) - state.startedAt),
    againCount: state.reviews.filter((review) => review.grade === 1).length,
    nextDueAt: dues.length === 0 ? null : Math.min(...dues),
  };
}

/** What a key press does in the session; null when the key is not the session's. */
export type SessionKeyAction =
  | { type: "reveal" }
  | { type: "grade"; grade: ReviewGrade }
  | { type: "reviewed" }
  | { type: "undo" }
  | { type: "leave" };

/**
 * The session's keyboard: Space or Enter shows the contents, and once shown grades Good (FSRS) or
 * counts the review (repetition folder); 1–4 grade in an FSRS folder; `u` or Ctrl/⌘+Z
 * undoes the last review; Esc leaves.
 */
export function sessionKeyAction(
  key: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  context: { isRevealed: boolean; isFsrs: boolean; isOver: boolean },
): SessionKeyAction | null {
  if (key.key === "Escape") return { type: "leave" };
  if (key.altKey) return null;
  const hasModifier = key.ctrlKey || key.metaKey;
  if (hasModifier) return key.key.toLowerCase() === "z" ? { type: "undo" } : null;
  if (key.key === "u" || key.key === "U") return { type: "undo" };
  if (context.isOver) return null;
  const isConfirm = key.key === " " || key.key === "Enter";
  if (!context.isRevealed) return isConfirm ? { type: "reveal" } : null;
  if (context.isFsrs) {
    // As in Anki: once the answer shows, Space or Enter means Good.
    if (isConfirm) return { type: "grade", grade: 3 };
    const grade = Number(key.key);
    return GRADES.includes(grade as ReviewGrade)
      ? { type: "grade", grade: grade as ReviewGrade }
      : null;
  }
  return isConfirm ? { type: "reviewed" } : null;
}
