// @vitest-environment jsdom
import { IMPORT_SKIP_REASONS, type ImportJob } from "@mnemo/domain";
import { cleanup, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { initI18nForTests } from "../../i18n/i18n-for-tests";
import { ImportJobView } from "./ImportJobView";

// A string, not a URL object: jsdom replaces the global URL class.
beforeAll(() => initI18nForTests());

afterEach(cleanup);

const CREATED = Date.UTC(2026, 10, 24, 9);

function job(patch: Partial<ImportJob>): ImportJob {
  return {
    id: "abcdefghijklmnopqrst",
    status: "running",
    done: 0,
    total: 0,
    report: null,
    errorCode: null,
    createdAt: CREATED,
    finishedAt: null,
    ...patch,
  };
}

describe("ImportJobView", () => {
  it.each([
    ["ko", "가져오는 중…", "40개 중 12개"],
    ["en", "Importing…", "12 of 40"],
  ])("shows a running import's progress with done of total (%s)", async (lang, title, text) => {
    await i18next.changeLanguage(lang);
    render(<ImportJobView job={job({ done: 12, total: 40 })} />);
    expect(screen.getByRole("heading", { level: 3 }).textContent).toBe(title);
    const bar = screen.getByRole("progressbar");
    expect(bar.getAttribute("value")).toBe("12");
    expect(bar.getAttribute("max")).toBe("40");
    expect(screen.getByText(text)).toBeTruthy();
  });

  it("shows a busy bar without numbers before the total is known", async () => {
    await i18next.changeLanguage("en");
    render(<ImportJobView job={job({})} />);
    expect(screen.getByRole("progressbar").hasAttribute("value")).toBe(false);
    expect(screen.queryByText(/ of /)).toBeNull();
  });

  it.each([
    ["ko", ["폴더", "메모", "복습", "이미지"], (count: number) => `건너뜀: ${count}개`, "…외 1개"],
    [
      "en",
      ["Folders", "Memos", "Reviews", "Images"],
      (count: number) => `Skipped: ${count}`,
      "…and 1 more",
    ],
  ])(
    "shows a report's counts and every skip reason translated (%s)",
    async (lang, labels, header, more) => {
      await i18next.changeLanguage(lang);
      // TRASHED is Keep's (added to the list by its reader); every reason is shown once either way.
      const reasons = [...new Set<string>([...IMPORT_SKIP_REASONS, "TRASHED"])];
      const skipped = reasons.map((reason, index) => ({
        item: `<b>노트 ${index}</b> note`,
        reason: reason as (typeof IMPORT_SKIP_REASONS)[number],
      }));
      const { container } = render(
        <ImportJobView
          job={job({
            status: "done",
            done: 9,
            total: 9,
            report: {
              format: "markdown",
              folders: 2,
              memos: 5,
              reviews: 0,
              attachments: 1,
              skipped,
              skippedCount: skipped.length + 1,
            },
          })}
        />,
      );
      const terms = [...container.querySelectorAll("dt")].map((term) => term.textContent);
      expect(terms).toEqual(labels);
      const values = [...container.querySelectorAll("dd")].map((value) => value.textContent);
      expect(values).toEqual(["2", "5", "0", "1"]);
      expect(screen.getByText(header(skipped.length + 1))).toBeTruthy();
      expect(screen.getByText(more)).toBeTruthy();
      for (const reason of reasons) {
        const translated = i18next.t(`import.skip.${reason}`);
        expect(translated).not.toBe(`import.skip.${reason}`);
        expect(screen.getByText(translated)).toBeTruthy();
      }
      // An item is shown as text, never as markup.
      expect(container.querySelector("b")).toBeNull();
      expect(screen.getByText("<b>노트 0</b> note")).toBeTruthy();
    },
  );

  it.each([
    ["ko", "파일을 읽을 수 없습니다.", "아무것도 가져오지 않았습니다."],
    ["en", "The file could not be read.", "Nothing was imported."],
  ])(
    "shows a failed import's error and that nothing was kept (%s)",
    async (lang, error, nothing) => {
      await i18next.changeLanguage(lang);
      render(<ImportJobView job={job({ status: "failed", errorCode: "IMPORT_FILE_DAMAGED" })} />);
      const alert = screen.getByRole("alert");
      expect(alert.textContent).toContain(error);
      expect(alert.textContent).toContain(nothing);
    },
  );
});
