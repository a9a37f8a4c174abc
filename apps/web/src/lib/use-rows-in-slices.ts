import { startTransition, useEffect, useState } from "react";

/** Rows a list mounts with at once: a phone's or a laptop's screenful of rows (60–150 px each). */
export const FIRST_ROWS = 12;

/**
 * The rows a long list renders: when it mounts, the first {@link FIRST_ROWS} at once and the rest
 * in a transition right after, which React renders in slices with input and paint in between.
 * A list mounts when its query answers, and a query's answer renders synchronously: mounting a
 * page of 30–100 rows there was one long task of a returning visit's start (issue #14, Total
 * Blocking Time). Every later render has every row, so a press's change never waits.
 */
export function useRowsInSlices<T>(rows: readonly T[]): readonly T[] {
  const [isMounted, setMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setMounted(true));
  }, []);
  return isMounted || rows.length <= FIRST_ROWS ? rows : rows.slice(0, FIRST_ROWS);
}
