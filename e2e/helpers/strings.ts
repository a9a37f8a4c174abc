import { fileURLToPath } from "node:url";
import { readTranslations } from "../../apps/web/vite-plugins/i18n-bundle.js";
import type { Lang } from "./browser.js";

// The app's own translation files: journeys find controls by the words a user reads, in the
// language under test, without restating (and drifting from) every string here.

const translations = readTranslations(
  fileURLToPath(new URL("../../apps/web/src/i18n/", import.meta.url)),
);

function lookup(lang: Lang, key: string): unknown {
  let node: unknown = translations[lang];
  for (const part of key.split(".")) {
    node =
      typeof node === "object" && node !== null
        ? (node as Record<string, unknown>)[part]
        : undefined;
  }
  return node;
}

/**
 * The `lang` text of a dotted key, with `{{name}}` placeholders filled; throws when missing. With
 * a numeric `count`, a key with plural forms resolves as i18next does (`key_one`, `key_other`).
 */
export function tr(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  let node = lookup(lang, key);
  if (node === undefined && typeof values.count === "number") {
    node = lookup(lang, `${key}_${new Intl.PluralRules(lang).select(values.count)}`);
  }
  if (typeof node !== "string") throw new Error(`no ${lang} string for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_match, name: string) =>
    String(values[name] ?? `{{${name}}}`),
  );
}

/**
 * Text that looks like an untranslated key (`memos.list.title`): what i18next shows when a
 * string is missing. A screen's text must never match it.
 */
export const untranslatedKeyPattern = new RegExp(
  `\\b(?:${Object.keys(translations.ko ?? {}).join("|")})\\.[A-Za-z_]+(?:\\.[A-Za-z_]+)*\\b`,
);
