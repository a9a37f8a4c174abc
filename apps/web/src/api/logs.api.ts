import {
  LOG_CODE_MAX,
  LOG_MESSAGE_MAX,
  type LogEntryInput,
  type RecordLogResponse,
} from "@mnemo/domain";
import { api } from "./client";

/**
 * Records an error with the server (PRODUCT.md › Error dialog); never throws, a failed log must not
 * cascade.
 */
export async function sendErrorLog(entry: LogEntryInput): Promise<void> {
  try {
    await api<RecordLogResponse>("POST", "/api/logs", {
      ...entry,
      message: entry.message.slice(0, LOG_MESSAGE_MAX),
      code: entry.code.slice(0, LOG_CODE_MAX),
    });
  } catch {
    // Offline or rate limited: the dialog was still shown to the user.
  }
}
