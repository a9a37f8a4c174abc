import {
  type CreateFolderInput,
  type Folder,
  type FolderResponse,
  type FoldersResponse,
  ROOT_FOLDER_ID,
  type UpdateFolderInput,
} from "@mnemo/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "./client";
import { homeKeys } from "./home.queries";
import { memoKeys } from "./memos.queries";

export const folderKeys = {
  all: ["folders"] as const,
  list: () => [...folderKeys.all, "list"] as const,
  detail: (folderId: string) => [...folderKeys.all, "detail", folderId] as const,
};

/** Every folder of the user (root included), pinned first, then by order. */
export function useFolders() {
  return useQuery({
    queryKey: folderKeys.list(),
    queryFn: async () => (await api<FoldersResponse>("GET", "/api/folders")).folders,
  });
}

export function useFolder(folderId: string | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: folderKeys.detail(folderId ?? ""),
    enabled: Boolean(folderId),
    queryFn: async () =>
      (await api<FolderResponse>("GET", `/api/folders/${encodeURIComponent(folderId ?? "")}`))
        .folder,
    initialData: () =>
      client.getQueryData<Folder[]>(folderKeys.list())?.find((folder) => folder.id === folderId),
  });
}

function useInvalidateFolders() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: folderKeys.all }),
      client.invalidateQueries({ queryKey: homeKeys.all }),
    ]);
}

/**
 * A form's save reports a lost connection at once (NETWORK_UNAVAILABLE) instead of waiting
 * paused for the network, so the form can say so and keep what was typed.
 */
const FORM_SAVE = { networkMode: "always" } as const;

export function useCreateFolder() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    ...FORM_SAVE,
    mutationFn: async (input: CreateFolderInput) =>
      (await api<FolderResponse>("POST", "/api/folders", input)).folder,
    onSuccess: invalidate,
  });
}

export function useUpdateFolder() {
  const client = useQueryClient();
  const invalidate = useInvalidateFolders();
  return useMutation({
    ...FORM_SAVE,
    mutationFn: async ({ folderId, input }: { folderId: string; input: UpdateFolderInput }) =>
      (await api<FolderResponse>("PATCH", `/api/folders/${encodeURIComponent(folderId)}`, input))
        .folder,
    onSuccess: async (folder) => {
      client.setQueryData(folderKeys.detail(folder.id), folder);
      // The folder's sort mode and flags decide how its memo list looks.
      await Promise.all([invalidate(), client.invalidateQueries({ queryKey: memoKeys.all })]);
    },
  });
}

/** Pinned first, then by order, as the server lists folders. */
function inListOrder(folders: Folder[]): Folder[] {
  return [...folders].sort((a, b) =>
    a.pinned !== b.pinned ? (a.pinned ? -1 : 1) : a.order - b.order,
  );
}

/**
 * Sets the order of the listed folders (each gets its index). The cached list moves at once and
 * goes back when the server refuses.
 */
export function useReorderFolders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (folderIds: string[]) =>
      (await api<FoldersResponse>("PUT", "/api/folders/order", { folderIds })).folders,
    onMutate: async (folderIds) => {
      await client.cancelQueries({ queryKey: folderKeys.list() });
      const previous = client.getQueryData<Folder[]>(folderKeys.list());
      if (previous) {
        const index = new Map(folderIds.map((id, position) => [id, position]));
        client.setQueryData(
          folderKeys.list(),
          inListOrder(
            previous.map((folder) => ({ ...folder, order: index.get(folder.id) ?? folder.order })),
          ),
        );
      }
      return { previous };
    },
    onError: (_error, _folderIds, context) => {
      if (context?.previous) client.setQueryData(folderKeys.list(), context.previous);
    },
    onSuccess: (folders) => client.setQueryData(folderKeys.list(), folders),
  });
}

export function useDeleteFolder() {
  const client = useQueryClient();
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: (folderId: string) =>
      api<void>("DELETE", `/api/folders/${encodeURIComponent(folderId)}`),
    onSuccess: async () => {
      await Promise.all([invalidate(), client.invalidateQueries({ queryKey: memoKeys.all })]);
    },
  });
}

/** A folder's name as shown: the root folder's is replaced by the translated name (spec 3). */
export function useFolderTitle(): (folder: Pick<Folder, "id" | "title">) => string {
  const { t } = useTranslation();
  return (folder) => (folder.id === ROOT_FOLDER_ID ? t("folders.rootTitle") : folder.title);
}

/** A folder with its depth below `topId` (0 = directly inside it). */
export interface FolderTreeRow {
  folder: Folder;
  depth: number;
}

/**
 * The folders inside `topId` (default: the top level) as a tree, depth first: each folder
 * followed by its sub-folders; at the top level the root folder comes first. Siblings keep the
 * list order (pinned first, then by order). A folder whose parent is missing counts as top level.
 */
export function foldersInTreeOrder(
  folders: readonly Folder[],
  topId: string | null = null,
): FolderTreeRow[] {
  const ids = new Set(folders.map((folder) => folder.id));
  const children = new Map<string | null, Folder[]>();
  for (const folder of folders) {
    const parent =
      folder.parentFolderId !== null && ids.has(folder.parentFolderId)
        ? folder.parentFolderId
        : null;
    const list = children.get(parent) ?? [];
    list.push(folder);
    children.set(parent, list);
  }
  const rows: FolderTreeRow[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number) => {
    const list = children.get(parent) ?? [];
    const ordered = [
      ...list.filter((folder) => folder.id === ROOT_FOLDER_ID),
      ...list.filter((folder) => folder.id !== ROOT_FOLDER_ID),
    ];
    for (const folder of ordered) {
      if (seen.has(folder.id)) continue;
      seen.add(folder.id);
      rows.push({ folder, depth });
      visit(folder.id, depth + 1);
    }
  };
  visit(topId, 0);
  return rows;
}
