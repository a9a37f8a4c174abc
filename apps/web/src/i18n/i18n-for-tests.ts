import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Language } from "@mnemo/domain";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { readTranslations } from "../../vite-plugins/i18n-bundle";

/**
 * i18next for component tests (jsdom): both languages' strings read from src/i18n/, the files
 * the build writes to /assets/i18n/ and the app fetches (`initI18n`), `lng` shown first.
 */
export async function initI18nForTests(lng: Language = "ko"): Promise<void> {
  const translations = readTranslations(dirname(fileURLToPath(import.meta.url)));
  await i18next.use(initReactI18next).init({
    lng,
    resources: Object.fromEntries(
      Object.entries(translations).map(([lang, strings]) => [lang, { translation: strings }]),
    ),
    interpolation: { escapeValue: false },
  });
}
