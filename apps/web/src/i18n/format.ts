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

/**
 * The formatters of one locale, each built once on first use: creating an `Intl` formatter costs
 * far more than formatting with it (the first ones load the locale's data: ~45 ms of a first
 * visit's start-up, building six where home uses one or two), and a list calls these for every
 * row of every render.
 */
function formattersOf(locale: string) {
  const dateFormat = once(() => new Intl.DateTimeFormat(locale, { dateStyle: "medium" }));
  const dateTimeFormat = once(
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
  );
  const timeFormat = once(() => new Intl.DateTimeFormat(locale, { timeStyle: "short" }));
  const monthFormat = once(
    () => new Intl.DateTimeFormat(locale, { year: "numeric", month: "long" }),
  );
  const weekdayFormat = once(() => new Intl.DateTimeFormat(locale, { weekday: "short" }));
  const numberFormat = once(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }));
  return {
    locale,
    date: (ms: number) => dateFormat().format(ms),
    dateTime: (ms: number) => dateTimeFormat().format(ms),
    time: (ms: number) => timeFormat().format(ms),
    month: (ms: number) => monthFormat().format(ms),
    weekday: (ms: number) => weekdayFormat().format(ms),
    number: (value: number) => numberFormat().format(value),
    rate: (value: number) => formatRate(locale, value),
  };
}

/** `make()`'s value, made on the first call and kept. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

const formattersByLocale = new Map<string, ReturnType<typeof formattersOf>>();

/** The formatters of an interface language (the same object for a language). */
function formattersFor(language: string) {
  const locale = LOCALES[language] ?? "ko-KR";
  let formatters = formattersByLocale.get(locale);
  if (!formatters) {
    formatters = formattersOf(locale);
    formattersByLocale.set(locale, formatters);
  }
  return formatters;
}

/** Date and number formatters in the interface language (the same object for a language). */
export function useFormat() {
  const { i18n } = useTranslation();
  return formattersFor(i18n.language);
}

/**
 * Makes the language's date formatter before any screen asks for one. The first `Intl` object a
 * page makes starts ICU, whichever it is: 40-85 ms on the 2-core bench machine (stop 37), paid
 * inside the render that first shows a date (home's header, a list's first row; a folder list's
 * rows mount in the synchronous render of their query's answer). Start-up calls this while the
 * strings and the first screen's module load, when the page has nothing else to do.
 */
export function prepareFormat(language: string): void {
  formattersFor(language).date(0);
}
