import { appClipboard } from "./clipboard";

/** Copies text with the platform's clipboard; throws an ApiError (CLIPBOARD_UNAVAILABLE) when it cannot. */
export async function copyText(text: string): Promise<void> {
  await (await appClipboard()).writeText(text);
}
