/** What the memo form holds: the fields a close without saving would lose. */
export interface MemoFormValues {
  title: string;
  /** The editor's HTML; "" when the editor is empty. */
  contents: string;
  tags: readonly string[];
  hint: string;
}

/**
 * Whether the form holds something other than what it opened with (PRODUCT.md › Memo form:
 * closing with changes asks first). Tags compare in order, as they are saved.
 */
export function hasMemoChanges(start: MemoFormValues, current: MemoFormValues): boolean {
  return (
    start.title !== current.title ||
    start.contents !== current.contents ||
    start.hint !== current.hint ||
    start.tags.length !== current.tags.length ||
    start.tags.some((tag, index) => tag !== current.tags[index])
  );
}
