import type { MemoDetail, MemoSummary } from "@mnemo/domain";

// Memos as the server answers them, for the web's unit tests: plain defaults (an unreviewed,
// uncompleted memo of folder "folder", made at time 0) under the fields a test sets.

type CommonFields = Omit<MemoDetail, "contents" | "reviewedDates" | "completedDates">;

function commonFields(id: string): CommonFields {
  return {
    id,
    title: `메모 ${id}`,
    preview: "",
    tags: [],
    flashCardHint: "",
    categoryId: null,
    type: "memo",
    createdAt: 0,
    updatedAt: 0,
    userId: "user",
    userName: "",
    category: null,
    folderId: "folder",
    accumulatedReviewValue: 0,
    reviewCount: 0,
    priority: 0,
    lastReviewedAt: null,
    completedCount: 0,
    isCompleted: false,
    isShared: false,
    revision: 1,
    fsrs: null,
    conflictOf: null,
  };
}

/** A whole memo, as `GET /api/memos/:id` answers it. */
export function serverMemo(fields: Partial<MemoDetail> & Pick<MemoDetail, "id">): MemoDetail {
  return {
    ...commonFields(fields.id),
    contents: "",
    reviewedDates: [],
    completedDates: [],
    ...fields,
  };
}

/** A memo as a list answers it: no contents, no dates, a `sortingValue`. */
export function memoSummary(fields: Partial<MemoSummary> & Pick<MemoSummary, "id">): MemoSummary {
  return { ...commonFields(fields.id), sortingValue: null, ...fields };
}
