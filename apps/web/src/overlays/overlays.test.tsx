// @vitest-environment jsdom
import { ErrorCode } from "@mnemo/domain";
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client";
import { initI18nForTests } from "../i18n/i18n-for-tests";
import { confirmAlert } from "./alert";
import { showError } from "./error-dialog";
import { presentModal } from "./modal";
import { OverlayHost } from "./OverlayHost";
import { overlayStore } from "./overlay-store";
import { showToast, showUndoToast, TOAST_DURATION_MS, UNDO_TOAST_DURATION_MS } from "./toast";

// A string, not a URL object: jsdom replaces the global URL class.
beforeAll(() => initI18nForTests());

afterEach(() => {
  act(() => overlayStore.dismissAll());
  cleanup();
});

describe("the error dialog (PRODUCT.md › Error dialog)", () => {
  it.each([
    ["ko", ErrorCode.AUTH_WEAK_PASSWORD, "[ERROR] 오류", "비밀번호는 8자 이상이어야 합니다."],
    [
      "en",
      ErrorCode.AUTH_WEAK_PASSWORD,
      "[ERROR] Error",
      "The password must be at least 8 characters long.",
    ],
    ["ko", ErrorCode.MEMO_NOT_FOUND, "[ERROR] 오류", "메모를 찾을 수 없습니다."],
    [
      "en",
      ErrorCode.NETWORK_UNAVAILABLE,
      "[ERROR] Error",
      "Cannot reach the server. Check your connection.",
    ],
  ])("shows the %s message of %s under an [ERROR] title", async (lang, code, title, message) => {
    await i18next.changeLanguage(lang);
    render(<OverlayHost />);
    let closed = false;
    act(() => {
      void showError(new ApiError(code, 400, "server text, never shown")).then(() => {
        closed = true;
      });
    });
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain(title);
    expect(dialog.textContent).toContain(message);
    expect(dialog.textContent).not.toContain("server text");
    await userEvent.click(screen.getByRole("button", { name: i18next.t("common.ok") }));
    await act(async () => {});
    expect(closed).toBe(true);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("reads an unknown code as the generic message, not as the raw code", async () => {
    await i18next.changeLanguage("en");
    render(<OverlayHost />);
    // A code this build has no string for (the client maps codes it does not know to INTERNAL).
    const unknown = "SOMETHING_NEW" as ErrorCode;
    act(() => void showError(new ApiError(unknown, 400, "")));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain(i18next.t("errors.INTERNAL"));
    expect(dialog.textContent).not.toContain("SOMETHING_NEW");
  });
});

describe("confirmAlert (Cancel or OK before a delete, PRODUCT.md › Editing and deleting)", () => {
  it.each([
    ["common.cancel", false],
    ["common.ok", true],
  ])("answers %s as %s", async (buttonKey, expected) => {
    await i18next.changeLanguage("ko");
    render(<OverlayHost />);
    let answer: boolean | undefined;
    act(() => {
      void confirmAlert("메모 삭제", "삭제할까요?").then((value) => {
        answer = value;
      });
    });
    await screen.findByRole("alertdialog");
    await userEvent.click(screen.getByRole("button", { name: i18next.t(buttonKey) }));
    await act(async () => {});
    expect(answer).toBe(expected);
  });

  it("treats Escape as Cancel", async () => {
    render(<OverlayHost />);
    let answer: boolean | undefined;
    act(() => {
      void confirmAlert("t", "m").then((value) => {
        answer = value;
      });
    });
    await screen.findByRole("alertdialog");
    await userEvent.keyboard("{Escape}");
    await act(async () => {});
    expect(answer).toBe(false);
  });
});

describe("showToast", () => {
  it("shows the message at the top and removes it after 2000 ms", async () => {
    render(<OverlayHost />);
    const start = Date.now();
    act(() => showToast("복사했습니다"));
    expect(screen.getByRole("status").textContent).toBe("복사했습니다");
    await act(() => new Promise((resolve) => setTimeout(resolve, TOAST_DURATION_MS + 50)));
    expect(screen.queryByRole("status")).toBeNull();
    expect(Date.now() - start).toBeGreaterThanOrEqual(TOAST_DURATION_MS);
  });
});

describe("showUndoToast (issue 12 §1)", () => {
  afterEach(() => vi.useRealTimers());

  it("runs the undo once from its button and closes", async () => {
    render(<OverlayHost />);
    const undo = vi.fn();
    act(() => showUndoToast("메모를 삭제했습니다", "실행 취소", undo));
    const button = screen.getByRole("button", { name: "실행 취소" });
    await userEvent.click(button);
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("status")).toBeNull();
    await userEvent.keyboard("{Control>}z{/Control}");
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it("leaves Esc to the modal under it", async () => {
    render(<OverlayHost />);
    let closed: unknown = "open";
    act(() => {
      void presentModal("sheet", () => <input aria-label="in the sheet" />).then((value) => {
        closed = value;
      });
    });
    act(() => showUndoToast("Reviewed", "Undo", () => {}));
    await userEvent.keyboard("{Escape}");
    await act(() => Promise.resolve());
    expect(closed).toBeUndefined();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("runs the newest undo on Ctrl+Z, never inside a text field, and only for 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <>
        <input aria-label="title" />
        <OverlayHost />
      </>,
    );
    const older = vi.fn();
    const newer = vi.fn();
    act(() => showUndoToast("first", "Undo", older));
    act(() => showUndoToast("second", "Undo", newer));
    // A newer Undo toast replaces the older one.
    expect(screen.getAllByRole("status").map((toast) => toast.textContent)).toEqual(["secondUndo"]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByLabelText("title"));
    await user.keyboard("{Control>}z{/Control}");
    expect(newer).not.toHaveBeenCalled();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard("{Control>}z{/Control}");
    expect(newer).toHaveBeenCalledTimes(1);
    expect(older).not.toHaveBeenCalled();

    const late = vi.fn();
    act(() => showUndoToast("third", "Undo", late));
    act(() => vi.advanceTimersByTime(UNDO_TOAST_DURATION_MS + 10));
    expect(screen.queryByRole("status")).toBeNull();
    await user.keyboard("{Control>}z{/Control}");
    expect(late).not.toHaveBeenCalled();
  });
});

describe("dialog focus (issue 12 §3, WCAG 2.4.3)", () => {
  /** An opener button and the overlay host, with the focus on the opener. */
  function renderWithOpener(name: string): HTMLElement {
    render(
      <>
        <button type="button">{name}</button>
        <OverlayHost />
      </>,
    );
    const opener = screen.getByRole("button", { name });
    opener.focus();
    return opener;
  }

  it.each([
    ["ko", "메모 추가", "제목", "내용"],
    ["en", "Add memo", "Title", "Contents"],
  ])(
    "moves the focus into a modal, keeps Tab inside, and gives it back on Escape (%s)",
    async (_lang, label, first, second) => {
      const opener = renderWithOpener(label);
      let answer: unknown = "open";
      act(() => {
        void presentModal(label, () => (
          <>
            <button type="button">✕</button>
            <input aria-label={first} />
            <input aria-label={second} />
          </>
        )).then((value) => {
          answer = value;
        });
      });
      const dialog = await screen.findByRole("dialog", { name: label });
      // The first form field, not the close button.
      expect(document.activeElement).toBe(screen.getByRole("textbox", { name: first }));
      await userEvent.tab();
      expect(document.activeElement).toBe(screen.getByRole("textbox", { name: second }));
      await userEvent.tab();
      expect(document.activeElement?.textContent).toBe("✕");
      await userEvent.tab({ shift: true });
      expect(document.activeElement).toBe(screen.getByRole("textbox", { name: second }));
      expect(dialog.contains(document.activeElement)).toBe(true);
      await userEvent.keyboard("{Escape}");
      await act(async () => {});
      expect(answer).toBeUndefined();
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(document.activeElement).toBe(opener);
    },
  );

  it("never stacks a second modal on the first", async () => {
    renderWithOpener("메모 추가");
    let second: unknown = "open";
    act(() => {
      void presentModal("첫째", () => <input aria-label="제목" />);
      void presentModal("둘째", () => <input aria-label="제목" />).then((value) => {
        second = value;
      });
    });
    await screen.findByRole("dialog", { name: "첫째" });
    await act(async () => {});
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(second).toBeUndefined();
  });

  it("focuses an alert's default button and gives the focus back when it closes", async () => {
    await i18next.changeLanguage("en");
    const opener = renderWithOpener("Delete");
    act(() => {
      void confirmAlert("Delete memo", "Delete it?");
    });
    const alert = await screen.findByRole("alertdialog");
    const buttons = screen.getAllByRole("button").filter((button) => alert.contains(button));
    expect(document.activeElement).toBe(buttons.at(-1));
    await userEvent.tab();
    expect(document.activeElement).toBe(buttons[0]);
    await userEvent.keyboard("{Escape}");
    await act(async () => {});
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
