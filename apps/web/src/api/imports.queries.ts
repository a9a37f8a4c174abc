import type { ExportFormat, ImportJob, ImportListResponse, ImportResponse } from "@mnemo/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

export const importKeys = {
  all: ["imports"] as const,
  list: () => [...importKeys.all, "list"] as const,
  detail: (importId: string) => [...importKeys.all, "detail", importId] as const,
};

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

/**
 * The user's latest imports, newest first (`GET /api/imports`): the screen shows the newest, so a
 * running import survives a reload and the last report stays visible. Server only: imports are
 * not kept in the offline cache.
 */
export function useImports() {
  return useQuery({
    queryKey: importKeys.list(),
    queryFn: async (): Promise<ImportJob[]> =>
      (await api<ImportListResponse>("GET", "/api/imports")).imports,
  });
}

/** One import (`GET /api/imports/:importId`), asked again every second while it runs. */
export function useImport(importId: string | null, initial?: ImportJob) {
  return useQuery({
    queryKey: importKeys.detail(importId ?? ""),
    queryFn: async (): Promise<ImportJob> =>
      (await api<ImportResponse>("GET", `/api/imports/${encodeURIComponent(importId ?? "")}`))
        .import,
    enabled: importId !== null,
    initialData: initial?.id === importId ? initial : undefined,
    // The list's copy may be old: a running one is asked again at once.
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data?.status === "running" ? IMPORT_POLL_MS : false),
  });
}

/**
 * Starts an import (`POST /api/imports`, multipart with the field `file`) through the API client,
 * which adds the anti-forgery token on the web and the bearer token in the native app.
 */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<ImportJob> => {
      const form = new FormData();
      form.append("file", file, file.name);
      return (await api<ImportResponse>("POST", "/api/imports", form)).import;
    },
    onSuccess: (job) => {
      client.setQueryData(importKeys.detail(job.id), job);
      void client.invalidateQueries({ queryKey: importKeys.list() });
    },
  });
}

/**
 * The address of an export file (`GET /api/export?format=`). On the web it is same-origin and the
 * session cookie goes with a plain link; the native app would need the API's origin and its bearer
 * token (a fetch through the client, then the platform's share sheet), which it does not do yet.
 */
export function exportPath(format: ExportFormat): string {
  return `/api/export?format=${format}`;
}
