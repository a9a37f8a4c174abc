// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { prepareFormat, useFormat } from "./format";
import { initI18nForTests } from "./i18n-for-tests";

beforeAll(() => initI18nForTests("en"));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function ShownDate({ ms }: { ms: number }) {
  const format = useFormat();
  return <time>{format.date(ms)}</time>;
}

describe("prepareFormat", () => {
  it("makes the very formatter the screens then use: their first date makes no Intl object", () => {
    prepareFormat("en");
    const made = vi.spyOn(Intl, "DateTimeFormat");
    render(<ShownDate ms={Date.UTC(2026, 11, 3, 12)} />);
    expect(screen.getByText("Dec 3, 2026")).toBeTruthy();
    expect(made).not.toHaveBeenCalled();
  });
});
