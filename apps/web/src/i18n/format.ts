import { useTranslation } from "react-i18next";

/** Locale tags for Intl per interface language. */
const LOCALES: Record<string, string> = { ko: "ko-KR", en: "en-US" };

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
  };
}
