import type { TrashItem, TrashKind, TrashListResponse } from "@mnemo/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { offline } from "../offline/offline-lazy";
import { api, isNetworkError } from "./client";

// The trash (PRODUCT.md › Trash). Deletes and restores go through the device's cache and the
// outbox like every write; deleting for good and emptying need the server.

export const trashKeys = {
  all: ["trash"] as const,
};

const keyOf = (item: Pick<TrashItem, "kind" | "id">) => `${item.kind}:${item.id}`;

/**
 * The trash: the server's list, with what this device deleted but has not sent yet, without what
 * it restored but has not sent yet; offline, what the device kept.
 */
async function readTrash(): Promise<TrashItem[]> {
  const layer = await offline();
  const local = await layer.readLocalTrash();
  let server: TrashItem[];
  try {
    server = (await api<TrashListResponse>("GET", "/api/trash")).items;
  } catch (error) {
    if (isNetworkError(error)) return local.items;
    throw error;
  }
  const listed = new Set(server.map(keyOf));
  const unsent = local.items.filter(
    (item) => !listed.has(keyOf(item)) && local.pendingDeletes.has(keyOf(item)),
  );
  // Kept entries the server no longer lists were restored or deleted for good elsewhere.
  const stale = local.items.filter(
    (item) => !listed.has(keyOf(item)) && !local.pendingDeletes.has(keyOf(item)),
  );
  if (stale.length > 0) void layer.forgetLocalTrash(stale.map(keyOf));
  return [...unsent, ...server.filter((item) => !local.pendingRestores.has(keyOf(item)))].sort(
    (a, b) => b.trashedAt - a.trashedAt,
  );
}

export function useTrash() {
  return useQuery({ queryKey: trashKeys.all, queryFn: readTrash, networkMode: "always" });
}

/** Restores through the outbox (works offline); the lists hear the cache change. */
export function useRestoreFromTrash() {
  const client = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: async ({ kind, id }: { kind: TrashKind; id: string }) => {
      const layer = await offline();
      await layer.restoreLocally(kind, id);
      void layer.requestSync();
    },
    onSuccess: () => client.invalidateQueries({ queryKey: trashKeys.all }),
  });
}

/** Deletes one item for good (`DELETE /api/trash/:kind/:id`). */
export function useDeleteFromTrash() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (item: { kind: TrashKind; id: string }) => {
      await api("DELETE", `/api/trash/${item.kind}/${encodeURIComponent(item.id)}`);
      await (await offline()).forgetLocalTrash([keyOf(item)]);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: trashKeys.all }),
  });
}

/** Empties the trash (`DELETE /api/trash`). */
export function useEmptyTrash() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api("DELETE", "/api/trash");
      await (await offline()).forgetLocalTrash();
    },
    onSuccess: () => client.invalidateQueries({ queryKey: trashKeys.all }),
  });
}
