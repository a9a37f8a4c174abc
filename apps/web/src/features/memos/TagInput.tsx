import { MEMO_TAGS_MAX, normalizeTags, TAG_LENGTH_MAX } from "@mnemo/domain";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "./icons";

/**
 * The memo form's tags as chips (PRODUCT.md › Tags): Enter or a comma adds what was typed,
 * Backspace in the empty field removes the last chip, each chip has a remove button, and the
 * user's existing tags are offered as suggestions. Every change goes through the domain's
 * `normalizeTags` (trimmed, leading `#` dropped, duplicates ignoring case removed, at most
 * {@link MEMO_TAGS_MAX}).
 */
export function TagInput({
  tags,
  suggestions,
  onChange,
}: {
  tags: readonly string[];
  suggestions: readonly string[];
  onChange: (tags: string[]) => void;
}) {
  const { t } = useTranslation();
  const ids = { input: useId(), help: useId(), list: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const isFull = tags.length >= MEMO_TAGS_MAX;
  const taken = new Set(tags.map((tag) => tag.toLowerCase()));
  const offered = suggestions.filter((tag) => !taken.has(tag.toLowerCase()));

  /** Adds the comma-separated tags of `typed`; answers whether anything was typed. */
  const add = (typed: string): boolean => {
    const parts = typed.split(",").filter((part) => part.trim() !== "");
    if (parts.length === 0) return false;
    // Past the limit the typed tags are dropped, as the field says.
    onChange(normalizeTags([...tags, ...parts]).slice(0, MEMO_TAGS_MAX));
    setText("");
    return true;
  };
  const remove = (index: number) => {
    onChange(tags.filter((_, at) => at !== index));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    // Enter adds a tag instead of sending the form; with nothing typed the form is sent.
    if ((event.key === "Enter" || event.key === ",") && add(text)) event.preventDefault();
    else if (event.key === ",") event.preventDefault();
    else if (event.key === "Backspace" && text === "" && tags.length > 0) {
      event.preventDefault();
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className="field">
      <label className="field-label" htmlFor={ids.input}>
        {t("memos.tags.label")}
      </label>
      <div className="memos-tag-box">
        {tags.length > 0 && (
          <ul className="memos-tag-chips" aria-label={t("memos.tags.label")}>
            {tags.map((tag, index) => (
              <li key={tag} className="memos-tag-chip">
                <span>#{tag}</span>
                <button
                  type="button"
                  className="memos-tag-remove"
                  aria-label={t("memos.tags.remove", { tag })}
                  onClick={() => remove(index)}
                >
                  <CloseIcon />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          ref={input}
          id={ids.input}
          className="memos-tag-input"
          value={text}
          list={ids.list}
          // A leading `#` is allowed (and dropped), so one more than the tag's length.
          maxLength={TAG_LENGTH_MAX + 1}
          autoComplete="off"
          enterKeyHint="enter"
          aria-describedby={ids.help}
          placeholder={isFull ? "" : t("memos.tags.placeholder")}
          onChange={(event) => {
            const next = event.target.value;
            // A pasted or typed comma (a phone keyboard sends no key event for it) adds a tag.
            if (next.includes(",")) {
              const cut = next.lastIndexOf(",");
              add(next.slice(0, cut));
              setText(next.slice(cut + 1));
            } else {
              setText(next);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={() => add(text)}
        />
        <datalist id={ids.list}>
          {offered.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      </div>
      <p id={ids.help} className="field-hint">
        {isFull ? t("memos.tags.limit", { count: MEMO_TAGS_MAX }) : t("memos.tags.help")}
      </p>
    </div>
  );
}
