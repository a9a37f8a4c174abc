import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSend, createVerifiedUser } from "./helpers/api.js";
import { type Lang, newPage, screenshot } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";
import {
  pendingUploads,
  waitForOfflineReady,
  waitForOutboxEmpty,
  waitForUploadsDone,
} from "./helpers/sync.js";

// Issue 11 §1: an image pasted into a memo is uploaded, saved in the memo and shown after a
// reload and offline; one added offline waits on the device and reaches the server once online.

/** A real 2×2 PNG (red), so the browser decodes it and gives it a width. */
const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGP4z8DwnwGMgRQAH+4D/dJQfRoAAAAASUVORK5CYII=";

const IMAGE_PATH = /\/api\/attachments\/([A-Za-z]{20})/g;

/** Every image id a memo's contents show, as the server has it. */
async function imagesOnServer(context: BrowserContext, baseURL: string, memoId: string) {
  const response = await context.request.get(`${baseURL}/api/memos/${memoId}`);
  const { memo } = (await response.json()) as { memo: { contents: string } };
  return [...memo.contents.matchAll(IMAGE_PATH)].map((match) => match[1] ?? "");
}

/** Waits until every image in `scope` is decoded (a broken one has no natural width). */
function imagesShown(page: Page, selector: string, count: number) {
  return page.waitForFunction(
    ({ selector: css, count: expected }) => {
      const images = [...document.querySelectorAll<HTMLImageElement>(css)];
      return (
        images.length === expected && images.every((img) => img.complete && img.naturalWidth > 0)
      );
    },
    { selector, count },
    { timeout: 30_000, polling: 100 },
  );
}

describe("images in memos", () => {
  const stack = useMnemoStack();

  it("a pasted image is saved, shown after a reload and offline; one added offline uploads later", async () => {
    const lang: Lang = "en";
    const baseURL = stack.server.url;
    const { page, context, problems } = await newPage(stack.browser, {
      viewport: "desktop",
      lang,
      baseURL,
    });
    await createVerifiedUser(context, baseURL, stack.mailbox, {
      email: "images@example.com",
      password: "images-journey-password-1",
      name: "Images",
      lang,
    });
    const folder = (await apiSend(context, baseURL, "POST", "/api/folders", {
      title: "Pictures",
    })) as { folder: { id: string } };
    await page.goto(`/private-memos/${folder.folder.id}`);
    await waitForOfflineReady(page);

    async function openAddModal() {
      await page.getByRole("button", { name: tr(lang, "memos.list.add") }).click();
      const modal = page.getByRole("dialog", { name: tr(lang, "memos.form.addTitle") });
      const editor = modal.getByRole("textbox", {
        name: tr(lang, "memos.form.contents"),
        exact: true,
      });
      return { modal, editor };
    }
    async function save(modal: ReturnType<Page["getByRole"]>) {
      await modal.getByRole("button", { name: tr(lang, "common.save"), exact: true }).click();
      await modal.waitFor({ state: "detached" });
    }

    // Paste an image into a new memo and save it.
    const first = await openAddModal();
    await first.modal
      .getByLabel(tr(lang, "memos.form.title"), { exact: true })
      .fill("Pasted image");
    await first.editor.click();
    await first.editor.pressSequentially("A red square:");
    await first.editor.evaluate((element, base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "clipboard.png", { type: "image/png" }));
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
    }, PNG_BASE64);
    await imagesShown(page, ".memos-editor-content img", 1);
    await save(first.modal);
    await waitForUploadsDone(page);
    await waitForOutboxEmpty(page);

    const memos = (await (
      await context.request.get(`${baseURL}/api/folders/${folder.folder.id}/memos`)
    ).json()) as { memos: Array<{ id: string; title: string }> };
    const pasted = memos.memos.find((memo) => memo.title === "Pasted image");
    const [pastedImage] = await imagesOnServer(context, baseURL, pasted?.id ?? "");
    expect(pastedImage).toMatch(/^[A-Za-z]{20}$/);
    const stored = await context.request.get(`${baseURL}/api/attachments/${pastedImage}`);
    expect(stored.status()).toBe(200);
    expect(stored.headers()["content-type"]).toBe("image/png");
    expect((await stored.body()).toString("base64")).toBe(PNG_BASE64);

    // The memo shows it, after a reload too, and offline.
    await page.getByRole("link", { name: "Pasted image", exact: true }).click();
    await imagesShown(page, ".rich-text img", 1);
    await page.reload();
    await imagesShown(page, ".rich-text img", 1);
    await context.setOffline(true);
    await page.reload();
    await imagesShown(page, ".rich-text img", 1);
    await screenshot(page, "attachments-offline-desktop-en");

    // Offline: add a memo with an image from the file picker; it waits on the device.
    await page.goto(`/private-memos/${folder.folder.id}`);
    const second = await openAddModal();
    await second.modal
      .getByLabel(tr(lang, "memos.form.title"), { exact: true })
      .fill("Offline image");
    await second.editor.click();
    await second.modal.locator('input[type="file"]').setInputFiles({
      name: "offline.png",
      mimeType: "image/png",
      buffer: Buffer.from(PNG_BASE64, "base64"),
    });
    await imagesShown(page, ".memos-editor-content img", 1);
    await save(second.modal);
    expect(await pendingUploads(page)).toBe(1);

    // Online again: the image, then the memo, reach the server.
    await context.setOffline(false);
    await waitForUploadsDone(page);
    await waitForOutboxEmpty(page);
    const after = (await (
      await context.request.get(`${baseURL}/api/folders/${folder.folder.id}/memos`)
    ).json()) as { memos: Array<{ id: string; title: string }> };
    const offline = after.memos.find((memo) => memo.title === "Offline image");
    const [offlineImage] = await imagesOnServer(context, baseURL, offline?.id ?? "");
    expect(offlineImage).toMatch(/^[A-Za-z]{20}$/);
    const uploaded = await context.request.get(`${baseURL}/api/attachments/${offlineImage}`);
    expect(uploaded.status()).toBe(200);
    expect((await uploaded.body()).toString("base64")).toBe(PNG_BASE64);
    // Requests that failed while offline are logged by the browser; nothing may throw.
    expect(problems.filter((problem) => problem.kind === "pageerror")).toEqual([]);
  });
});
