// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Screen } from "./router";
import { preloadScreenAt, screens } from "./screens";

// At start-up the first screen's module is loaded before the first render; the screen must then
// render in the first commit. Had it suspended, its Suspense fallback would show first, and React
// reveals the content of a boundary no sooner than 300 ms after its fallback showed: a cached
// reload of home waited ~250 ms for nothing (issue #14).

const notFound = screens.find((route) => route.path === "*");

function renderScreen() {
  if (!notFound) throw new Error("no not-found screen");
  return render(
    <MemoryRouter initialEntries={["/no-such-page"]}>
      <Suspense fallback={<p>waiting for the screen</p>}>
        <Screen route={notFound} />
      </Suspense>
    </MemoryRouter>,
  );
}

describe("Screen", () => {
  it("renders a screen whose module has arrived in the first commit, without a fallback", async () => {
    await preloadScreenAt("/no-such-page");
    act(() => {
      renderScreen();
    });
    expect(screen.queryByText("waiting for the screen")).toBeNull();
    expect(screen.getByText("/no-such-page")).toBeDefined();
  });
});
