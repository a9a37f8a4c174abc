/**
 * Length of a memo preview, in Unicode code points, before the ellipsis
 * (PRODUCT.md › Limits and constants).
 */
export const PREVIEW_LENGTH = 120;

/** Number of ASCII letters in an id made by `randomId` (PRODUCT.md › Limits and constants). */
export const RANDOM_ID_LENGTH = 20;

/**
 * Default `dateRepetitionValue` and `readRepetitionValue` of a folder (PRODUCT.md › Folder fields).
 */
export const DEFAULT_REPETITION_VALUE = 5;

/**
 * How far a memo reviewed today is shifted in the review-count sort modes
 * (PRODUCT.md › Sort modes), in review counts. See `effectiveReviewCount`.
 */
export const REVIEWED_TODAY_SHIFT = 999;

/** A locally cached copy without a recorded server time is stale after this long: 6 hours, in ms. */
export const CACHE_STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * Size limit of the offline database cache, in bytes (100 MiB, PRODUCT.md › Limits and constants).
 */
export const OFFLINE_CACHE_BYTES = 104_857_600;

/** One day in milliseconds (24 h; calendar days are computed with an explicit UTC offset). */
export const DAY_MS = 86_400_000;

/** Largest number of memos one page of a memo list may hold. */
export const MEMO_PAGE_MAX = 100;

/** Interface languages, in no particular order; the default is {@link DEFAULT_LANGUAGE}. */
export const LANGUAGES = ["ko", "en"] as const;

/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];

/** The language used when a user has none (PRODUCT.md › Users). */
export const DEFAULT_LANGUAGE: Language = "ko";

/** Country codes the product knows; `GL` means global (PRODUCT.md › Users). */
export const COUNTRY_CODES = ["GL", "ID", "KR", "PH", "SG", "US"] as const;

/** One of {@link COUNTRY_CODES}. */
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** The country used when nothing else is known (PRODUCT.md › Users). */
export const DEFAULT_COUNTRY_CODE: CountryCode = "GL";

/** Fixed id of every user's built-in root folder (PRODUCT.md › Root folder). */
export const ROOT_FOLDER_ID = "root";

/** The literal e-mail of an anonymous user (PRODUCT.md › Anonymous use). */
export const ANONYMOUS_EMAIL = "Anonymous";

/** The `plan` value that makes a user an admin (PRODUCT.md › Admins). */
export const ADMIN_PLAN = "ADMIN";

/**
 * The default country for a language (PRODUCT.md › Users: Korean maps to KR).
 *
 * @param lang - the user's interface language
 * @returns `KR` for `ko`, otherwise {@link DEFAULT_COUNTRY_CODE} (`GL`)
 */
export function defaultCountryCode(lang: Language): CountryCode {
  return lang === "ko" ? "KR" : DEFAULT_COUNTRY_CODE;
}
