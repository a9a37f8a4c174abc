import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@mnemo/domain";
import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";

const LANGUAGE_KEY = "mnemo.lang";

/**
 * Loads `/assets/i18n/{lang}.json` (PRODUCT.md › Client and server), the file the build writes from
 * src/i18n/<lang>/.
 */
const fetchBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    fetch(`/assets/i18n/${language}.json`)
      .then((response) => {
        if (!response.ok) throw new Error(`translations ${language}: HTTP ${response.status}`);
        return response.json();
      })
      .then((strings) => callback(null, strings))
      .catch((error: unknown) => callback(error as Error, false));
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language before a user is known: the one chosen last on this device, else Korean (the
 * default, PRODUCT.md › Start-up), except for a browser that asks for English only.
 */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (isLanguage(stored)) return stored;
  const preferred = navigator.languages.map((tag) => tag.slice(0, 2));
  return preferred.includes("en") && !preferred.includes("ko") ? "en" : DEFAULT_LANGUAGE;
}

export async function initI18n(): Promise<void> {
  await i18next
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: initialLanguage(),
      // No fallback language: i18next would fetch it at start too (the Korean file on an English
      // start), and translations.test.ts already holds both languages to the same keys
      // (PRODUCT.md › Start-up: only the active language's strings load).
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: "currentOnly",
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = i18next.language;
}

/** Switches the interface language and remembers it on this device. */
export async function setLanguage(lang: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, lang);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** Keys kept across a logout (which clears the rest of local storage, PRODUCT.md › Logout). */
export const DEVICE_KEYS = [LANGUAGE_KEY];
