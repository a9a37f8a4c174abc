import type { ScratchText, ScratchTextResponse } from "@mnemo/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

export const textKeys = { all: ["text"] as const };

/** The user's scratch text: `{ contents: "", updatedAt: null }` before the first save. */
export function useScratchText() {
  return useQuery({
    queryKey: textKeys.all,
    queryFn: async () => (await api<ScratchTextResponse>("GET", "/api/text")).text,
  });
}

/** Replaces the scratch text (rich-text HTML, sanitized by the server) and caches the answer. */
export function useSaveScratchText() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (contents: string) =>
      (await api<ScratchTextResponse>("PUT", "/api/text", { contents })).text,
    onSuccess: (text: ScratchText) => client.setQueryData(textKeys.all, text),
  });
}
