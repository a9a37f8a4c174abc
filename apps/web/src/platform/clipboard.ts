import type { ClipboardPlugin } from "@capacitor/clipboard";
import { ErrorCode } from "@mnemo/domain";
import { ApiError } from "../api/client";

/** One clipboard for the app: Capacitor's plugin on native, the browser's API on the web. */
export interface AppClipboard {
  writeText(text: string): Promise<void>;
  /** `dataUrl`: a `data:image/png;base64,...` URL. */
  writeImage(dataUrl: string): Promise<void>;
  readText(): Promise<string>;
}

const unavailable = (cause: unknown) =>
  new ApiError(ErrorCode.CLIPBOARD_UNAVAILABLE, 0, String(cause));

/** PRODUCT.md › Clipboard: every failure reads as the clipboard being unavailable. */
async function orUnavailable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof ApiError ? error : unavailable(error);
  }
}

export function nativeClipboard(plugin: Pick<ClipboardPlugin, "write" | "read">): AppClipboard {
  return {
    writeText: (text) => orUnavailable(() => plugin.write({ string: text })),
    writeImage: (dataUrl) => orUnavailable(() => plugin.write({ image: dataUrl })),
    readText: () => orUnavailable(async () => (await plugin.read()).value),
  };
}

/**
 * The browser's clipboard (`navigator.clipboard`, missing outside secure contexts and in old
 * browsers). Images need `ClipboardItem`; without it "writing images is unsupported"
 * (PRODUCT.md › Clipboard).
 */
export function webClipboard(
  clipboard: Clipboard | undefined,
  clipboardItem: typeof ClipboardItem | undefined,
): AppClipboard {
  const api = () => {
    if (!clipboard) throw unavailable("navigator.clipboard is missing");
    return clipboard;
  };
  return {
    writeText: (text) => orUnavailable(() => api().writeText(text)),
    writeImage: (dataUrl) =>
      orUnavailable(async () => {
        const target = api();
        if (!clipboardItem || typeof target.write !== "function") {
          throw new ApiError(ErrorCode.CLIPBOARD_IMAGE_UNSUPPORTED, 0, "ClipboardItem is missing");
        }
        const image = await (await fetch(dataUrl)).blob();
        await target.write([new clipboardItem({ [image.type]: image })]);
      }),
    readText: () => orUnavailable(() => api().readText()),
  };
}

/**
 * Capacitor's Clipboard plugin, handed over at start by start.ts on native only: the web build
 * never loads it.
 */
let nativePlugin: Promise<Pick<ClipboardPlugin, "write" | "read">> | null = null;

export function provideNativeClipboard(
  plugin: Promise<Pick<ClipboardPlugin, "write" | "read">> | null,
): void {
  nativePlugin = plugin;
}

/** The platform's clipboard: the plugin's on native, the browser's on the web. */
export async function appClipboard(): Promise<AppClipboard> {
  if (nativePlugin) return nativeClipboard(await nativePlugin);
  return webClipboard(
    globalThis.navigator?.clipboard,
    (globalThis as { ClipboardItem?: typeof ClipboardItem }).ClipboardItem,
  );
}
