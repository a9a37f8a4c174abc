// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FIRST_ROWS, useRowsInSlices } from "./use-rows-in-slices";

afterEach(cleanup);

/** A list that records how many rows each of its renders had. */
function Rows({ rows, counts }: { rows: readonly number[]; counts: number[] }) {
  const shown = useRowsInSlices(rows);
  counts.push(shown.length);
  return (
    <ul>
      {shown.map((row) => (
        <li key={row}>{row}</li>
      ))}
    </ul>
  );
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("useRowsInSlices", () => {
  it("mounts a long list with a screenful of rows, then renders the rest", async () => {
    const counts: number[] = [];
    render(<Rows rows={range(50)} counts={counts} />);
    expect(await screen.findAllByRole("listitem")).toHaveLength(50);
    expect(counts[0]).toBe(FIRST_ROWS);
    expect(counts.at(-1)).toBe(50);
  });

  it("mounts a short list whole", () => {
    const counts: number[] = [];
    render(<Rows rows={range(FIRST_ROWS)} counts={counts} />);
    expect(counts.every((count) => count === FIRST_ROWS)).toBe(true);
    expect(screen.getAllByRole("listitem")).toHaveLength(FIRST_ROWS);
  });

  it("renders every row of a later change at once (a press's change does not wait)", async () => {
    const counts: number[] = [];
    const { rerender } = render(<Rows rows={range(40)} counts={counts} />);
    expect(await screen.findAllByRole("listitem")).toHaveLength(40);
    const before = counts.length;
    rerender(<Rows rows={range(60)} counts={counts} />);
    expect(counts.slice(before)).toEqual(counts.slice(before).map(() => 60));
    expect(screen.getAllByRole("listitem")).toHaveLength(60);
  });
});
