import type { StatsResponse } from "@mnemo/domain";
import { useQuery } from "@tanstack/react-query";
import { addDays, localIsoDate } from "../lib/local-date";
import { offline } from "../offline/offline-lazy";

/** The device's statistics (their own chunk: see `offline-stats.ts`). */
const loadOfflineStats = () => import("../offline/offline-stats");

import { api, isNetworkError, query } from "./client";

export const statsKeys = {
  all: ["stats"] as const,
  range: (from: string, to: string, tz: string) => [...statsKeys.all, from, to, tz] as const,
};

/** The viewer's IANA time zone (the stats count reviews by its local days). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * The stats screen's range: whole weeks (Sunday first) covering at least the last 365 days up
 * to today, so the heatmap is a grid of full weeks and the 365-day window is whole.
 */
export function statsYearRange(today: Date): { from: string; to: string } {
  const yearAgo = addDays(today, -364);
  return {
    from: localIsoDate(addDays(yearAgo, -yearAgo.getDay())),
    to: localIsoDate(today),
  };
}

/**
 * Review statistics for the local days `from`…`to`: `GET /api/stats` (kept on the device), or
 * offline the same answer computed from the device (`readStats`: the last answer plus the
 * reviews not sent yet).
 */
export function useStats(from: string, to: string) {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: statsKeys.range(from, to, tz),
    queryFn: async () => {
      // The device's statistics read the user's cache, which `offline()` waits to be open.
      const [device] = await Promise.all([loadOfflineStats(), offline()]);
      const fromDevice = () => device.readStats({ from, to, tz }, Date.now());
      if (!navigator.onLine) return fromDevice();
      try {
        const stats = await api<StatsResponse>("GET", `/api/stats${query({ from, to, tz })}`);
        await device.storeServerStats(stats);
        return stats;
      } catch (error) {
        if (isNetworkError(error)) return fromDevice();
        throw error;
      }
    },
  });
}
