import type {
  CreateFolderInput,
  Folder,
  FolderResponse,
  FoldersResponse,
  UpdateFolderInput,
} from "@mnemo/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

export function useCreateFolder() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: async (input: CreateFolderInput) =>
      (await api<FolderResponse>("POST", "/api/folders", input)).folder,
    onSuccess: invalidate,
  });
}

export function useUpdateFolder() {
  const client = useQueryClient();
  const invalidate = useInvalidateFolders();
  return useMutation({
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

export function useReorderFolders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (folderIds: string[]) =>
      (await api<FoldersResponse>("PUT", "/api/folders/order", { folderIds })).folders,
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
