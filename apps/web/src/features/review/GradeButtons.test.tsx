// @vitest-environment jsdom
import { newFsrsMemory, previewFsrsGrades } from "@mnemo/domain";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { initI18nForTests } from "../../i18n/i18n-for-tests";
import { GradeButtons } from "./GradeButtons";
import type { ReviewGrade } from "./review-session";

// A string, not a URL object: jsdom replaces the global URL class.
beforeAll(() => initI18nForTests());

afterEach(cleanup);

const NOW = Date.UTC(2026, 10, 24, 9);

/** The intervals of a new memo in a 90 % folder, from the domain's preview (as the session). */
function newMemoIntervals(): Record<ReviewGrade, number> {
  const due = previewFsrsGrades(newFsrsMemory(NOW), { now: NOW, desiredRetention: 0.9 });
  return { 1: due[1] - NOW, 2: due[2] - NOW, 3: due[3] - NOW, 4: due[4] - NOW };
}

describe("GradeButtons", () => {
  it.each([
    ["en", ["1 min", "Again"], ["10 min", "Good"]],
    ["ko", ["1분", "다시"], ["10분", "알맞음"]],
  ])("shows each grade with its interval and key (%s)", async (lang, again, good) => {
    await i18next.changeLanguage(lang);
    const graded: ReviewGrade[] = [];
    render(<GradeButtons intervals={newMemoIntervals()} onGrade={(grade) => graded.push(grade)} />);
    const buttons = screen.getAllByRole("button");
    expect(buttons).toHaveLength(4);
    expect(buttons[0]?.textContent).toBe(`${again[0]}${again[1]}1`);
    expect(buttons[2]?.textContent).toBe(`${good[0]}${good[1]}3`);
    expect(buttons[2]?.getAttribute("aria-keyshortcuts")).toBe("3");
    // Named by its visible words, in their order (WCAG 2.5.3); the key is aria-keyshortcuts.
    expect(buttons[2]?.hasAttribute("aria-label")).toBe(false);
    expect(screen.getByRole("button", { name: new RegExp(`^${good[0]}\\s*${good[1]}$`) })).toBe(
      buttons[2],
    );
    await userEvent.click(buttons[0] as HTMLElement);
    await userEvent.click(buttons[3] as HTMLElement);
    expect(graded).toEqual([1, 4]);
  });

  it("shows the grades without intervals when none are known", async () => {
    await i18next.changeLanguage("en");
    render(<GradeButtons intervals={null} onGrade={() => undefined} />);
    expect(screen.getByRole("button", { name: "Easy" }).textContent).toBe("Easy4");
  });
});
