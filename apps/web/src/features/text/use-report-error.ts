import { useEffect } from "react";
import { isNetworkError } from "../../api/client";
import { showError } from "../../overlays/error-dialog";

/**
 * Shows the error dialog (PRODUCT.md › Error dialog) once for each new load error of a query;
 * not for being offline, which the screen itself says (one message, not two).
 */
export function useReportError(error: unknown) {
  useEffect(() => {
    if (error && !isNetworkError(error)) void showError(error);
  }, [error]);
}
