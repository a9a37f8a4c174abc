import type { CalendarQuery, CalendarResponse } from "@mnemo/domain";
import { useQuery } from "@tanstack/react-query";
import { offline } from "../offline/offline-lazy";
import { api, isNetworkError, query, utcOffsetMinutes } from "./client";

export const calendarKeys = {
  all: ["calendar"] as const,
  range: (from: string, to: string) => [...calendarKeys.all, from, to] as const,
};

/**
 * Days `from`…`to` (YYYY-MM-DD, both included, at most 62) in the viewer's time zone:
 * `GET /api/calendar` (kept on the device), or offline the same days computed from the device
 * (`readCalendar`: the cached memos, the kept answers and the changes not sent yet).
 */
export function useCalendar(from: string, to: string) {
  return useQuery({
    queryKey: calendarKeys.range(from, to),
    queryFn: async () => {
      const calendar: CalendarQuery = { from, to, tz: utcOffsetMinutes() };
      const layer = await offline();
      const fromDevice = () => layer.readCalendar(calendar);
      if (!navigator.onLine) return fromDevice();
      try {
        const { days } = await api<CalendarResponse>("GET", `/api/calendar${query(calendar)}`);
        await layer.storeServerCalendar(calendar, days);
        return days;
      } catch (error) {
        if (isNetworkError(error)) return fromDevice();
        throw error;
      }
    },
  });
}
