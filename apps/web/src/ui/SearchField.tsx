import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useStartSearch } from "../api/search.queries";
import { navigateAtOnce } from "../app/navigate-at-once";
import { offline } from "../offline/offline-lazy";

/** The search screen's path; its query string carries `q` (the query) and `tag`. */
export const SEARCH_PATH = "/search";

/**
 * How long after a keystroke the results follow it while the server answers searches (before the
 * first download finished): a request per keystroke would mostly be thrown away. The device's
 * index answers at once instead: its scan yields to the next keystroke, which aborts it, and the
 * offline figure (first result painted ≤ 100 ms after the last keystroke) counts any wait.
 */
export const SERVER_SEARCH_DEBOUNCE_MS = 150;

/** The search screen's address for a query and an optional tag filter. */
export function searchPath(query: string, tag?: string | null): string {
  const params = new URLSearchParams();
  if (query !== "") params.set("q", query);
  if (tag) params.set("tag", tag);
  const search = params.toString();
  return search ? `${SEARCH_PATH}?${search}` : SEARCH_PATH;
}

/** The element `/` and Ctrl+K focus: the top bar's field, else the search screen's. */
export const SEARCH_FIELD_ATTRIBUTE = "data-search-field";

/**
 * The search field (PRODUCT.md › Search): in the top bar (desktop), in the menu (phone), and at the
 * top of the search screen on a phone. On the search screen the address holds the query; typing
 * elsewhere opens the search screen. `live`: results follow typing (debounced); otherwise the
 * query is sent with Enter (the menu, which closes on navigation).
 */
export function SearchField({
  live,
  className,
  autoFocus = false,
  onSubmitted,
  onFocus,
}: {
  live: boolean;
  className?: string;
  autoFocus?: boolean;
  onSubmitted?: () => void;
  /** Besides reading the offline index into memory (AppShell loads the search screen's module). */
  onFocus?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const isOnSearch = location.pathname === SEARCH_PATH;
  const addressQuery = isOnSearch ? (params.get("q") ?? "") : "";
  const [value, setValue] = useState(addressQuery);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The queries this field sent to the address that the address does not show yet. */
  const sent = useRef<string[]>([]);
  const startSearch = useStartSearch();
  /** Whether the device's index answers searches (so each keystroke searches at once). */
  const isIndexReady = useRef(false);

  // The address changed by other means (a tag link, back and forward): the field follows it.
  // The field's own navigations reach the address a render or more after they were sent, while
  // the user types on: one of them arriving is no reason to put its older text back.
  useEffect(() => {
    const own = sent.current.indexOf(addressQuery);
    if (own >= 0) {
      sent.current = sent.current.slice(own + 1);
      return;
    }
    sent.current = [];
    setValue(addressQuery);
  }, [addressQuery]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const go = (query: string) => {
    clearTimeout(timer.current);
    if (query !== addressQuery || sent.current.length > 0) sent.current.push(query);
    // The address as it is now, not as this render saw it: a key pressed right after the tag
    // filter was removed, before React rendered that, put the removed tag back.
    const now = new URL(window.location.href);
    const isOnSearchNow = now.pathname === SEARCH_PATH;
    const tagNow = isOnSearchNow ? now.searchParams.get("tag") : null;
    startSearch({ q: query, tag: tagNow });
    // While on the search screen each keystroke replaces the entry: Back leaves the screen.
    // Rendered at once, not as a transition: a transition rendered after the next key had
    // cancelled this search, and the screen's query then started it again, a second scan of the
    // device's index beside the next key's (SearchField.test.tsx).
    navigateAtOnce(() => navigate(searchPath(query, tagNow), { replace: isOnSearchNow }));
  };

  return (
    <search className={className}>
      <form
        className="search-field"
        onSubmit={(event) => {
          event.preventDefault();
          go(value.trim() === "" ? "" : value);
          onSubmitted?.();
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {t("search.field")}
        </label>
        <SearchIcon />
        <input
          id={id}
          type="search"
          className="search-field-input"
          value={value}
          placeholder={t("search.placeholder")}
          aria-keyshortcuts="/ Control+K"
          autoComplete="off"
          enterKeyHint="search"
          // biome-ignore lint/a11y/noAutofocus: the phone's search screen opens to type a query
          autoFocus={autoFocus}
          {...{ [SEARCH_FIELD_ATTRIBUTE]: "" }}
          onChange={(event) => {
            const next = event.target.value;
            setValue(next);
            if (!live) return;
            clearTimeout(timer.current);
            if (isIndexReady.current) go(next);
            else timer.current = setTimeout(() => go(next), SERVER_SEARCH_DEBOUNCE_MS);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape" && value === "") event.currentTarget.blur();
          }}
          // The offline index is read into memory before the first query needs it.
          onFocus={() => {
            onFocus?.();
            void offline().then(async (layer) => {
              await layer.preloadSearchIndex();
              isIndexReady.current = await layer.isCacheComplete();
            });
          }}
        />
      </form>
    </search>
  );
}

function SearchIcon() {
  return (
    <svg
      className="search-field-icon"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
    >
      <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" fill="none" />
      <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** Whether a key press is typed into something (so `/` there is a character, not a shortcut). */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * `/` (outside a text field) or Ctrl+K / ⌘K (anywhere) focuses the search field shown on the
 * screen; when none is shown (a phone off the search screen) it opens the search screen, whose
 * field takes the focus.
 */
export function useSearchShortcut(isEnabled: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isEnabled) return;
    const onKey = (event: KeyboardEvent) => {
      const isSlash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey;
      const isCtrlK =
        (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";
      if (!isCtrlK && !(isSlash && !isTypingTarget(event.target))) return;
      event.preventDefault();
      const fields = document.querySelectorAll<HTMLInputElement>(`[${SEARCH_FIELD_ATTRIBUTE}]`);
      const shown = [...fields].find(
        (field) => field.getClientRects().length > 0 && !field.closest("[inert]"),
      );
      if (shown) {
        shown.focus();
        shown.select();
      } else {
        navigate(SEARCH_PATH);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [isEnabled, navigate]);
}
