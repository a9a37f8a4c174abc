import type { Folder, SortMode } from "@mnemo/domain";
import { isSortMode } from "../../api/memos.queries";

// PRODUCT.md › Sort modes: the mode chosen in a folder's list is remembered on this device, per
// folder, until the user chooses the folder's own mode again or changes the folder's sort mode
// in its settings. The folder's `sortingMethod` stays the setting every device starts from.

const keyOf = (folderId: string) => `mnemo.sort.${folderId}`;

/** What is kept: the chosen mode and the folder's mode it was chosen over. */
interface SortChoice {
  mode: SortMode;
  over: SortMode;
}

/** The mode this device last chose for `folder`'s list, if it still applies. */
export function readSortChoice(folder: Pick<Folder, "id" | "sortingMethod">): SortMode | undefined {
  try {
    const stored = localStorage.getItem(keyOf(folder.id));
    const choice = stored === null ? null : (JSON.parse(stored) as Partial<SortChoice>);
    // A choice made over another folder mode: the settings changed since, and win.
    if (!choice || choice.over !== folder.sortingMethod || !isSortMode(choice.mode)) return;
    return choice.mode;
  } catch {
    // Storage refused or an unreadable value: the folder's mode.
    return undefined;
  }
}

/** Remembers `mode` for `folder`'s list; the folder's own mode forgets the choice. */
export function storeSortChoice(
  folder: Pick<Folder, "id" | "sortingMethod">,
  mode: SortMode,
): void {
  try {
    if (mode === folder.sortingMethod) localStorage.removeItem(keyOf(folder.id));
    else {
      const choice: SortChoice = { mode, over: folder.sortingMethod };
      localStorage.setItem(keyOf(folder.id), JSON.stringify(choice));
    }
  } catch {
    // Not stored: the choice still holds in this page's address.
  }
}
