import { describe, expect, it } from "vitest";
import {
  currentItem,
  reduceSession,
  type SessionReview,
  sessionKeyAction,
  startSession,
  summarizeSession,
} from "./review-session";

const queue = [{ id: "a" }, { id: "b" }, { id: "c" }];
const review = (
  memoId: string,
  grade: SessionReview["grade"],
  nextDueAt: number | null = null,
) => ({
  type: "reviewed" as const,
  review: { memoId, opId: `op-${memoId}`, grade, nextDueAt },
  at: 0,
});

describe("a review session", () => {
  it("shows the title first, then the contents, then the next memo", () => {
    let state = startSession(queue, 1_000);
    expect(currentItem(state)?.id).toBe("a");
    expect(state.isRevealed).toBe(false);
    state = reduceSession(state, { type: "reveal" });
    expect(state.isRevealed).toBe(true);
    state = reduceSession(state, review("a", 3));
    expect(currentItem(state)?.id).toBe("b");
    expect(state.isRevealed).toBe(false);
  });

  it("goes back to the last reviewed memo, shown, on undo", () => {
    let state = startSession(queue, 0);
    state = reduceSession(state, review("a", 3));
    state = reduceSession(state, review("b", 1));
    state = reduceSession(state, { type: "undone" });
    expect(currentItem(state)?.id).toBe("b");
    expect(state.isRevealed).toBe(true);
    expect(state.reviews.map((entry) => entry.memoId)).toEqual(["a"]);
  });

  it("ends after the last memo and can still undo it", () => {
    let state = startSession(queue, 1_000);
    state = reduceSession(state, review("a", 3, 50_000));
    state = reduceSession(state, review("b", 1, 9_000));
    state = { ...reduceSession(state, review("c", 1, 20_000)) };
    expect(state.finishedAt).toBe(0);
    expect(currentItem(state)).toBeNull();
    state = { ...state, finishedAt: 61_000 };
    expect(summarizeSession(state)).toEqual({
      reviewed: 3,
      timeSpentMs: 60_000,
      againCount: 2,
      nextDueAt: 9_000,
    });
    state = reduceSession(state, { type: "undone" });
    expect(currentItem(state)?.id).toBe("c");
    expect(state.finishedAt).toBeNull();
  });

  it("is over at once with an empty queue, and an undo without reviews changes nothing", () => {
    const state = startSession([], 5);
    expect(currentItem(state)).toBeNull();
    expect(reduceSession(state, { type: "undone" })).toBe(state);
    expect(summarizeSession(state)).toEqual({
      reviewed: 0,
      timeSpentMs: 0,
      againCount: 0,
      nextDueAt: null,
    });
  });
});

describe("sessionKeyAction", () => {
  const key = (
    name: string,
    modifiers: Partial<Record<"ctrlKey" | "metaKey" | "altKey", boolean>> = {},
  ) => ({
    key: name,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...modifiers,
  });
  const hidden = { isRevealed: false, isFsrs: true, isOver: false };
  const shown = { isRevealed: true, isFsrs: true, isOver: false };
  const shownRepetition = { isRevealed: true, isFsrs: false, isOver: false };

  it.each([
    ["Space before the contents", key(" "), hidden, { type: "reveal" }],
    ["Enter before the contents", key("Enter"), hidden, { type: "reveal" }],
    ["a grade before the contents", key("3"), hidden, null],
    ["1 once shown (FSRS)", key("1"), shown, { type: "grade", grade: 1 }],
    ["4 once shown (FSRS)", key("4"), shown, { type: "grade", grade: 4 }],
    ["5 once shown (FSRS)", key("5"), shown, null],
    ["Space once shown (FSRS): Good", key(" "), shown, { type: "grade", grade: 3 }],
    ["a grade in a repetition folder", key("3"), shownRepetition, null],
    ["Enter once shown (repetition)", key("Enter"), shownRepetition, { type: "reviewed" }],
    ["u", key("u"), shown, { type: "undo" }],
    ["Ctrl+Z", key("z", { ctrlKey: true }), hidden, { type: "undo" }],
    ["⌘+Z", key("z", { metaKey: true }), hidden, { type: "undo" }],
    ["Ctrl+1", key("1", { ctrlKey: true }), shown, null],
    ["Esc", key("Escape"), shown, { type: "leave" }],
    ["Space after the end", key(" "), { ...hidden, isOver: true }, null],
    ["u after the end", key("u"), { ...hidden, isOver: true }, { type: "undo" }],
  ])("%s", (_name, pressed, context, expected) => {
    expect(sessionKeyAction(pressed, context)).toEqual(expected);
  });
});
