import type { FsrsParametersResponse } from "@mnemo/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { offline } from "../offline/offline-lazy";
import { api, isNetworkError } from "./client";

export const fsrsKeys = {
  all: ["fsrs"] as const,
  parameters: () => [...fsrsKeys.all, "parameters"] as const,
  weights: () => [...fsrsKeys.all, "weights"] as const,
};

/** How often a running optimization is asked about. */
const OPTIMIZATION_POLL_MS = 2_000;

/**
 * The user's FSRS parameters and latest optimization (`GET /api/fsrs/parameters`); asked again
 * every two seconds while an optimization runs. The weights are kept on the device for offline
 * reviews.
 */
export function useFsrsParameters() {
  return useQuery({
    queryKey: fsrsKeys.parameters(),
    queryFn: async () => {
      const parameters = await api<FsrsParametersResponse>("GET", "/api/fsrs/parameters");
      await (await offline()).storeFsrsWeights(parameters.isDefault ? null : parameters.weights);
      return parameters;
    },
    refetchInterval: (current) =>
      current.state.data?.optimization?.status === "running" ? OPTIMIZATION_POLL_MS : false,
  });
}

/**
 * The weights a grade preview uses: the server's when it can be reached, else the ones kept on
 * the device (`null`: the defaults).
 */
export function useFsrsWeights() {
  return useQuery({
    queryKey: fsrsKeys.weights(),
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<readonly number[] | null> => {
      const layer = await offline();
      if (!navigator.onLine) return layer.readFsrsWeights();
      try {
        const parameters = await api<FsrsParametersResponse>("GET", "/api/fsrs/parameters");
        const weights = parameters.isDefault ? null : parameters.weights;
        await layer.storeFsrsWeights(weights);
        return weights;
      } catch (error) {
        if (isNetworkError(error)) return layer.readFsrsWeights();
        throw error;
      }
    },
  });
}

/** Starts an optimization of the user's weights on their own history (`POST /api/fsrs/optimize`). */
export function useOptimizeFsrs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<FsrsParametersResponse>("POST", "/api/fsrs/optimize"),
    onSuccess: (parameters) => {
      client.setQueryData(fsrsKeys.parameters(), parameters);
      void client.invalidateQueries({ queryKey: fsrsKeys.weights() });
    },
  });
}
