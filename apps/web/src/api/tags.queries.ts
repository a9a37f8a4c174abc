import type { TagCount, TagsResponse } from "@mnemo/domain";
import { useQuery } from "@tanstack/react-query";
import { readThroughCache } from "../offline/offline-lazy";
import { api } from "./client";

export const tagKeys = {
  all: ["tags"] as const,
  list: () => [...tagKeys.all, "list"] as const,
};

/**
 * The user's tags with their memo counts (`GET /api/tags`, or the device's cache by the same rule:
 * `readThroughCache`), ordered by `tagKey`: the side navigation and the memo form's suggestions.
 */
export function useTags() {
  return useQuery({
    queryKey: tagKeys.list(),
    queryFn: (): Promise<TagCount[]> =>
      readThroughCache(
        (layer) => layer.readTags(),
        async () => (await api<TagsResponse>("GET", "/api/tags")).tags,
      ),
  });
}
