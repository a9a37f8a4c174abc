import { fileURLToPath } from "node:url";
import { ErrorCode, LANGUAGES, syncOpSchema } from "@mnemo/domain";
import { describe, expect, it } from "vitest";
import { readTranslations } from "../../vite-plugins/i18n-bundle";
import { opLabelKey } from "../shell/op-label";

const translations = readTranslations(fileURLToPath(new URL(".", import.meta.url)));

/** Every dotted key path of a nested translation object, with its value. */
function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const keys = new Map<string, unknown>();
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) {
        keys.set(path, leaf);
      }
    }
  } else {
    keys.set(prefix, value);
  }
  return keys;
}

const flat = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, flatten(translations[lang] ?? {})]),
) as Record<(typeof LANGUAGES)[number], Map<string, unknown>>;

describe("translations (src/i18n/<lang>/*.json)", () => {
  it("exist for every interface language", () => {
    expect(Object.keys(translations).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) expect(flat[lang].size).toBeGreaterThan(100);
  });

  it("have the same keys in Korean and English", () => {
    const ko = [...flat.ko.keys()].sort();
    const en = [...flat.en.keys()].sort();
    expect(ko.filter((key) => !flat.en.has(key))).toEqual([]);
    expect(en.filter((key) => !flat.ko.has(key))).toEqual([]);
  });

  // The sheet of refused changes names each by its kind (undos included: PRODUCT.md › Undo).
  it.each(LANGUAGES)("names every kind of outbox change in %s", (lang) => {
    const kinds = syncOpSchema.options.map((option) => option.shape.kind.value);
    expect(kinds).toContain("memo.complete.undo");
    const unnamed = kinds.filter((kind) => typeof flat[lang].get(opLabelKey(kind)) !== "string");
    expect(unnamed).toEqual([]);
  });

  it.each(LANGUAGES)("has only non-empty strings in %s", (lang) => {
    const bad = [...flat[lang]].filter(
      ([, value]) => typeof value !== "string" || value.trim() === "",
    );
    expect(bad).toEqual([]);
  });

  it.each(LANGUAGES)("uses the same {{placeholders}} as Korean in %s", (lang) => {
    const placeholders = (text: unknown) =>
      [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = [...flat.ko].filter(
      ([key, value]) =>
        JSON.stringify(placeholders(value)) !== JSON.stringify(placeholders(flat[lang].get(key))),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it.each(Object.values(ErrorCode))("has a message for error code %s in both languages", (code) => {
    for (const lang of LANGUAGES)
      expect(flat[lang].get(`errors.${code}`)).toEqual(expect.any(String));
  });

  // "1 review", "2 reviews": a number before a countable noun needs i18next's plural keys (the
  // caller passes `count`; the shown number may be a formatted copy of it). Korean has one form:
  // its _one and _other read the same.
  it("uses plural keys wherever English puts a number before a noun", () => {
    const numberBeforeNoun =
      /\{\{\w+\}\}[\s-]+(?:memo|review|day|tag|time|folder|sub-folder|name|character|image|file|item|minute|hour|week|month|year|subject|user|account)s?\b/;
    const missing = [...flat.en].filter(([key, value]) => {
      const match = numberBeforeNoun.exec(String(value));
      return match !== null && !/_(one|other)$/.test(key);
    });
    expect(missing.map(([key, value]) => `${key}: ${value}`)).toEqual([]);
  });

  it.each(LANGUAGES)("pairs every _one key with an _other key in %s", (lang) => {
    const keys = [...flat[lang].keys()];
    const unpaired = keys.filter(
      (key) => key.endsWith("_one") && !flat[lang].has(key.replace(/_one$/, "_other")),
    );
    expect(unpaired).toEqual([]);
  });

  it("writes Korean in the Korean file (spot check: no English-only common strings)", () => {
    expect(flat.ko.get("common.cancel")).toBe("취소");
    expect(flat.en.get("common.cancel")).toBe("Cancel");
  });
});
