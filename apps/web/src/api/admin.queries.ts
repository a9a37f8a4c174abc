import type { LogEntry } from "@mnemo/domain";
import { useQuery } from "@tanstack/react-query";
import { api, query, utcOffsetMinutes } from "./client";

export interface Analytics {
  userCount: number;
  signUpsPerDay: Array<{ date: string; count: number }>;
  reviewsPerDay: Array<{ date: string; count: number }>;
  latestErrors: LogEntry[];
}

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
