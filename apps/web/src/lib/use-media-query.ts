import { useSyncExternalStore } from "react";

/** PRODUCT.md › Shell: at 992 px and wider the web layout (top bar + side navigation) is used. */
export const WIDE_LAYOUT_QUERY = "(min-width: 992px)";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
