// @vitest-environment jsdom
import { ErrorCode } from "@mnemo/domain";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../api/client";
import { nativeClipboard, provideNativeClipboard, webClipboard } from "./clipboard";
import { copyText } from "./copy-text";

// The clipboard's error codes (PRODUCT.md › Clipboard: "the API is unavailable in this browser",
// "writing images is unsupported"), against fakes at the plugin boundary: Capacitor's plugin and
// the browser's API.

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).code;
}

function fakeBrowserClipboard(options: { refuse?: boolean } = {}) {
  const written: unknown[] = [];
  const clipboard = {
    writeText: async (text: string) => {
      if (options.refuse) throw new DOMException("denied", "NotAllowedError");
      written.push(text);
    },
    readText: async () => "from the clipboard",
    write: async (items: unknown[]) => {
      written.push(...items);
    },
  } as unknown as Clipboard;
  return { clipboard, written };
}

function fakePlugin(options: { refuse?: boolean } = {}) {
  const writes: unknown[] = [];
  return {
    writes,
    plugin: {
      write: async (write: unknown) => {
        if (options.refuse) throw new Error("plugin failed");
        writes.push(write);
      },
      read: async () => ({ value: "native text", type: "text/plain" }),
    },
  };
}

afterEach(() => provideNativeClipboard(null));

describe("the web clipboard", () => {
  it("writes and reads text through navigator.clipboard", async () => {
    const { clipboard, written } = fakeBrowserClipboard();
    const app = webClipboard(clipboard, undefined);
    await app.writeText("https://mnemo.example");
    expect(written).toEqual(["https://mnemo.example"]);
    expect(await app.readText()).toBe("from the clipboard");
  });

  it("answers CLIPBOARD_UNAVAILABLE without navigator.clipboard", async () => {
    const app = webClipboard(undefined, undefined);
    expect(await codeOf(app.writeText("x"))).toBe(ErrorCode.CLIPBOARD_UNAVAILABLE);
    expect(await codeOf(app.readText())).toBe(ErrorCode.CLIPBOARD_UNAVAILABLE);
  });

  it("answers CLIPBOARD_UNAVAILABLE when the browser refuses", async () => {
    const app = webClipboard(fakeBrowserClipboard({ refuse: true }).clipboard, undefined);
    expect(await codeOf(app.writeText("x"))).toBe(ErrorCode.CLIPBOARD_UNAVAILABLE);
  });

  it("answers CLIPBOARD_IMAGE_UNSUPPORTED for an image without ClipboardItem", async () => {
    const app = webClipboard(fakeBrowserClipboard().clipboard, undefined);
    expect(await codeOf(app.writeImage("data:image/png;base64,iVBORw0KGgo="))).toBe(
      ErrorCode.CLIPBOARD_IMAGE_UNSUPPORTED,
    );
  });

  it("copyText without navigator.clipboard (jsdom has none) answers CLIPBOARD_UNAVAILABLE", async () => {
    expect(navigator.clipboard).toBeUndefined();
    expect(await codeOf(copyText("x"))).toBe(ErrorCode.CLIPBOARD_UNAVAILABLE);
  });
});

describe("the native clipboard", () => {
  it("writes text and images through the plugin", async () => {
    const { plugin, writes } = fakePlugin();
    const app = nativeClipboard(plugin);
    await app.writeText("memo address");
    await app.writeImage("data:image/png;base64,iVBORw0KGgo=");
    expect(writes).toEqual([
      { string: "memo address" },
      { image: "data:image/png;base64,iVBORw0KGgo=" },
    ]);
    expect(await app.readText()).toBe("native text");
  });

  it("answers CLIPBOARD_UNAVAILABLE when the plugin fails", async () => {
    const app = nativeClipboard(fakePlugin({ refuse: true }).plugin);
    expect(await codeOf(app.writeText("x"))).toBe(ErrorCode.CLIPBOARD_UNAVAILABLE);
  });

  it("is what copyText uses once start-up handed the plugin over", async () => {
    const { plugin, writes } = fakePlugin();
    provideNativeClipboard(Promise.resolve(plugin));
    await copyText("copied natively");
    expect(writes).toEqual([{ string: "copied natively" }]);
  });
});
