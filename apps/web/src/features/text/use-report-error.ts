import { useEffect } from "react";
import { showError } from "../../overlays/error-dialog";

/** Shows the error dialog (PRODUCT.md › Error dialog) once for each new load error of a query. */
export function useReportError(error: unknown) {
  useEffect(() => {
    if (error) void showError(error);
  }, [error]);
}
