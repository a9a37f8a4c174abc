// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { Route, Routes, UNSAFE_createMemoryHistory, useSearchParams } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { AppRouter } from "../app/router";
import { initI18nForTests } from "../i18n/i18n-for-tests";
import { SEARCH_PATH, SearchField } from "./SearchField";

beforeAll(() => initI18nForTests("en"));

afterEach(cleanup);

/** The search screen's stand-in: the query its address holds, as it last rendered. */
function ShownQuery() {
  const [params] = useSearchParams();
  return <output data-testid="shown">{params.get("q") ?? ""}</output>;
}

function renderField() {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [SEARCH_PATH], v5Compat: true });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AppRouter history={history}>
        <Routes>
          <Route
            path={SEARCH_PATH}
            element={
              <>
                <SearchField live />
                <ShownQuery />
              </>
            }
          />
        </Routes>
      </AppRouter>
    </QueryClientProvider>,
  );
}

/** Types `text` into the field and sends it (Enter), as a browser would, outside React's `act`. */
function send(field: HTMLInputElement, text: string): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  setValue?.call(field, text);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.form?.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
}

describe("SearchField (issue #10 › The search screen)", () => {
  // The field starts each query's search, cancelling the previous one, before it navigates. A
  // navigation rendered later (React's transitions) let the screen subscribe to the previous,
  // cancelled query after the next key, which started its whole scan of the device's index again
  // beside the new one (100,000 memos: tens of ms of the main thread per key).
  it("shows each query it sends on the screen before the next key is handled", async () => {
    const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean })
      .IS_REACT_ACT_ENVIRONMENT;
    renderField();
    const field = screen.getByRole<HTMLInputElement>("searchbox", {
      name: i18next.t("search.field"),
    });
    // A browser's key is not wrapped in `act`, which would flush deferred renders too.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      for (const query of ["기", "기도", "기도문"]) {
        send(field, query);
        expect(screen.getByTestId("shown").textContent).toBe(query);
      }
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous;
    }
    await act(async () => {});
    expect(screen.getByTestId("shown").textContent).toBe("기도문");
  });
});
