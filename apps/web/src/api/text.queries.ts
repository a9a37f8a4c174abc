import type { ScratchText, ScratchTextResponse } from "@mnemo/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { offline } from "../offline/offline-lazy";
import { api, isNetworkError } from "./client";

export const textKeys = { all: ["text"] as const };

/** The scratch text as a screen shows it: `isFromDevice` when read offline from the device. */
export type ShownScratchText = ScratchText & { isFromDevice: boolean };

/** Keeps the note on the device, so it can be shown offline. */
async function keepOnDevice(text: ScratchText): Promise<void> {
  await (await offline()).writeMeta("scratchText", text);
}

/**
 * The user's scratch text (`{ contents: "", updatedAt: null }` before the first save), kept on
 * the device; offline, the kept text with `isFromDevice` (issue 12 › Gaps seen offline). With no
 * kept text it fails with `NETWORK_UNAVAILABLE`, which the screen shows as its one message.
 */
export function useScratchText() {
  return useQuery({
    queryKey: textKeys.all,
    queryFn: async (): Promise<ShownScratchText> => {
      try {
        const { text } = await api<ScratchTextResponse>("GET", "/api/text");
        await keepOnDevice(text);
        return { ...text, isFromDevice: false };
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        const kept = await (await offline()).readMeta<ScratchText>("scratchText");
        if (!kept) throw error;
        return { ...kept, isFromDevice: true };
      }
    },
  });
}

/** Replaces the scratch text (rich-text HTML, sanitized by the server) and caches the answer. */
export function useSaveScratchText() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (contents: string) =>
      (await api<ScratchTextResponse>("PUT", "/api/text", { contents })).text,
    onSuccess: async (text: ScratchText) => {
      client.setQueryData<ShownScratchText>(textKeys.all, { ...text, isFromDevice: false });
      await keepOnDevice(text);
    },
  });
}
