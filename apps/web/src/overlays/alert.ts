import i18next from "i18next";
import { type AlertButton, overlayStore } from "./overlay-store";

/** Shows an alert with the given buttons and answers the value of the one pressed. */
export function presentAlert<T>(options: {
  title: string;
  message: string;
  buttons: Array<AlertButton & { value: T }>;
}): Promise<T> {
  return new Promise((resolve) => {
    const id = overlayStore.newId();
    overlayStore.present({
      kind: "alert",
      id,
      ...options,
      resolve: (value) => {
        overlayStore.dismiss(id);
        resolve(value as T);
      },
    });
  });
}

/** An alert with one OK button. */
export function showAlert(title: string, message = ""): Promise<void> {
  return presentAlert({
    title,
    message,
    buttons: [{ label: i18next.t("common.ok"), role: "primary", value: undefined }],
  });
}

/**
 * Cancel / OK confirmation (before every delete, PRODUCT.md › Editing and deleting); true only on
 * OK.
 */
export function confirmAlert(
  title: string,
  message: string,
  okLabel = i18next.t("common.ok"),
): Promise<boolean> {
  return presentAlert({
    title,
    message,
    buttons: [
      { label: i18next.t("common.cancel"), role: "cancel", value: false },
      { label: okLabel, role: "destructive", value: true },
    ],
  });
}
