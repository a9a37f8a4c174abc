import {
  type CreateFolderInput,
  ErrorCode,
  type Folder,
  type FolderResponse,
  type FoldersResponse,
  ROOT_FOLDER_ID,
  type UpdateFolderInput,
} from "@mnemo/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { offline, readThroughCache } from "../offline/offline-lazy";
import { ApiError, api } from "./client";

export const folderKeys = {
  all: ["folders"] as const,
  list: () => [...folderKeys.all, "list"] as const,
  detail: (folderId: string) => [...folderKeys.all, "detail", folderId] as const,
};

/** Every folder of the user (root included), pinned first, then by order (`readThroughCache`). */
export function useFolders() {
  return useQuery({
    queryKey: folderKeys.list(),
    queryFn: () =>
      readThroughCache(
        (layer) => layer.readFolders(),
        async (layer) => {
          const { folders } = await api<FoldersResponse>("GET", "/api/folders");
          await layer.storeServerFolders(folders);
          return folders;
        },
      ),
  });
}

function folderNotFound(folderId: string): ApiError {
  return new ApiError(ErrorCode.FOLDER_NOT_FOUND, 404, `folder ${folderId} not found`);
}

export function useFolder(folderId: string | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: folderKeys.detail(folderId ?? ""),
    enabled: Boolean(folderId),
    queryFn: async () => {
      const id = folderId ?? "";
      const { isCacheComplete, readFolder } = await offline();
      const local = await readFolder(id);
      if (local || (await isCacheComplete())) {
        if (!local) throw folderNotFound(id);
        return local;
      }
      return (await api<FolderResponse>("GET", `/api/folders/${encodeURIComponent(id)}`)).folder;
    },
    initialData: () =>
      client.getQueryData<Folder[]>(folderKeys.list())?.find((folder) => folder.id === folderId),
  });
}

// Changes are made on the device (cache + outbox) and sent by the sync engine; the cache tells
// the screens to refresh, so these need no invalidation of their own.
const LOCAL = { networkMode: "always" } as const;

export function useCreateFolder() {
  return useMutation({
    ...LOCAL,
    mutationFn: async (input: CreateFolderInput) => (await offline()).createFolderLocally(input),
  });
}

export function useUpdateFolder() {
  const client = useQueryClient();
  return useMutation({
    ...LOCAL,
    mutationFn: async ({ folderId, input }: { folderId: string; input: UpdateFolderInput }) =>
      (await offline()).updateFolderLocally(folderId, input),
    onSuccess: (folder) => client.setQueryData(folderKeys.detail(folder.id), folder),
  });
}

/** Sets the order of the listed folders (each gets its index as its order). */
export function useReorderFolders() {
  return useMutation({
    ...LOCAL,
    mutationFn: async (folderIds: string[]) => (await offline()).reorderFoldersLocally(folderIds),
  });
}

export function useDeleteFolder() {
  return useMutation({
    ...LOCAL,
    mutationFn: async (folderId: string) => (await offline()).deleteFolderLocally(folderId),
  });
}

/**
 * How many sub-folders and memos deleting a folder takes with it, counted on this device; null
 * when the cache cannot tell (first download unfinished).
 */
export async function countFolderContents(folderId: string) {
  return (await offline()).countFolderContents(folderId);
}

/**
 * A folder's name as shown: the root folder's is replaced by the translated name
 * (PRODUCT.md › Root folder).
 */
export function useFolderTitle(): (folder: Pick<Folder, "id" | "title">) => string {
  const { t } = useTranslation();
  return (folder) => (folder.id === ROOT_FOLDER_ID ? t("folders.rootTitle") : folder.title);
}
