import type { LogEntryInput } from "@mnemo/domain";
import { api } from "./client";

/**
 * Records an error with the server (PRODUCT.md › Error dialog); never throws, a failed log must not
 * cascade.
 */
export async function sendErrorLog(entry: LogEntryInput): Promise<void> {
  try {
    await api<unknown>("POST", "/api/logs", {
      ...entry,
      message: entry.message.slice(0, 2000),
      code: entry.code.slice(0, 100),
    });
  } catch {
    // Offline or rate limited: the dialog was still shown to the user.
  }
}
