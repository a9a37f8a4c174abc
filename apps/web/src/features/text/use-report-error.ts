import { useEffect } from "react";
import { showError } from "../../overlays/error-dialog";

/** Shows the error dialog (spec 8) once for each new load error of a query. */
export function useReportError(error: unknown) {
  useEffect(() => {
    if (error) void showError(error);
  }, [error]);
}
