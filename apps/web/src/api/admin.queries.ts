import type { AnalyticsResponse } from "@mnemo/domain";
import { useQuery } from "@tanstack/react-query";
import { api, query, utcOffsetMinutes } from "./client";

/** What the analytics screen shows (the domain's `GET /api/admin/analytics` answer). */
export type Analytics = AnalyticsResponse;

export const adminKeys = {
  all: ["admin"] as const,
  analytics: (days: number) => [...adminKeys.all, "analytics", days] as const,
};

export function useAnalytics(days = 30) {
  return useQuery({
    queryKey: adminKeys.analytics(days),
    queryFn: () =>
      api<Analytics>("GET", `/api/admin/analytics${query({ days, tz: utcOffsetMinutes() })}`),
  });
}
