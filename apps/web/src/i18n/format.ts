import { useTranslation } from "react-i18next";

/** Locale tags for Intl per interface language. */
const LOCALES: Record<string, string> = { ko: "ko-KR", en: "en-US" };

/**
 * A rate such as reviews per day: two decimals, but a small non-zero rate keeps two significant
 * digits (one review in a year is 0.0027 a day, not "0").
 */
export function formatRate(locale: string, value: number): string {
  const small = value !== 0 && Math.abs(value) < 0.01;
  return new Intl.NumberFormat(
    locale,
    small ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 2 },
  ).format(value);
}

/** Date and number formatters in the interface language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = LOCALES[i18n.language] ?? "ko-KR";
  return {
    locale,
    date: (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(ms),
    dateTime: (ms: number) =>
      new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(ms),
    time: (ms: number) => new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(ms),
    month: (ms: number) =>
      new Intl.DateTimeFormat(locale, { year: "numeric", month: "long" }).format(ms),
    weekday: (ms: number) => new Intl.DateTimeFormat(locale, { weekday: "short" }).format(ms),
    number: (value: number) =>
      new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value),
    rate: (value: number) => formatRate(locale, value),
  };
}
