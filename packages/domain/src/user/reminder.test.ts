import { describe, expect, it } from "vitest";
import { dueReminderDate } from "./reminder.js";
import { reminderSettingsSchema, reminderTimeSchema } from "./reminder.schema.js";

describe("reminderTimeSchema", () => {
  it.each([
    ["00:00", true],
    ["23:59", true],
    ["08:30", true],
    ["24:00", false],
    ["8:30", false],
    ["08:60", false],
    ["08:30:00", false],
    ["０８:３０", false],
  ])("%s → %s", (time, ok) => {
    expect(reminderTimeSchema.safeParse(time).success).toBe(ok);
  });
});

describe("reminderSettingsSchema", () => {
  it.each([
    [{ enabled: true, time: "08:00", timeZone: "Asia/Seoul" }, true],
    [{ enabled: false, time: "21:15", timeZone: "America/New_York" }, true],
    [{ enabled: true, time: "08:00", timeZone: "Asia/Busan" }, false],
    [{ enabled: true, time: "08:00" }, false],
    [{ enabled: "yes", time: "08:00", timeZone: "UTC" }, false],
    [{ enabled: true, time: "08:00", timeZone: "UTC", extra: 1 }, false],
  ])("%o → %s", (settings, ok) => {
    expect(reminderSettingsSchema.safeParse(settings).success).toBe(ok);
  });
});

describe("dueReminderDate", () => {
  const seoul = { enabled: true, time: "08:00", timeZone: "Asia/Seoul" };
  it.each([
    // 2026-11-23 23:00 UTC is 11-24 08:00 in Seoul.
    ["at the minute", seoul, Date.UTC(2026, 10, 23, 23, 0), "2026-11-24"],
    ["a minute early", seoul, Date.UTC(2026, 10, 23, 22, 59), null],
    ["59 minutes late", seoul, Date.UTC(2026, 10, 23, 23, 59), "2026-11-24"],
    ["an hour late", seoul, Date.UTC(2026, 10, 24, 0, 0), null],
    ["switched off", { ...seoul, enabled: false }, Date.UTC(2026, 10, 23, 23, 0), null],
    [
      "at 23:30 in New York, the day before in UTC+0",
      { enabled: true, time: "23:30", timeZone: "America/New_York" },
      Date.UTC(2026, 10, 24, 4, 30),
      "2026-11-23",
    ],
    [
      // 02:30 does not exist on 2026-03-08 in New York: the clock jumps from 02:00 to 03:00.
      "in a spring-forward gap, when the clock jumps past it",
      { enabled: true, time: "02:30", timeZone: "America/New_York" },
      Date.UTC(2026, 2, 8, 7, 0),
      "2026-03-08",
    ],
  ])("%s", (_name, settings, now, expected) => {
    expect(dueReminderDate(settings, now)).toBe(expected);
  });
});
