/**
 * The string of a change's kind: `offline.op.memo.review`…; an undo (`memo.review.undo`) has its
 * own key beside its change (`memo.reviewUndo`), since `memo.review` is a string, not a group.
 */
export function opLabelKey(kind: string): string {
  return `offline.op.${kind.replace(/\.undo$/, "Undo")}`;
}
