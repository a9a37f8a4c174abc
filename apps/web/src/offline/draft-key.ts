// Pure helpers of drafts, usable without loading the offline layer.

/** Which form a draft belongs to: editing a memo, or adding one to a folder (or unpicked). */
export function draftKey(form: { memoId?: string; folderId?: string }): string {
  return form.memoId ? `memo:${form.memoId}` : `new:${form.folderId ?? ""}`;
}

/** Where the form of a draft opens again (the memo form as a page). */
export function draftPath(key: string): string {
  const [kind, id = ""] = key.split(/:(.*)/s);
  const param = kind === "memo" ? "memoId" : "folderId";
  return id ? `/upsert-private-memo?${param}=${encodeURIComponent(id)}` : "/upsert-private-memo";
}
