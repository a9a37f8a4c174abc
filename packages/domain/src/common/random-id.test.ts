import { describe, expect, it } from "vitest";
import { RANDOM_ID_LENGTH } from "../constants.js";
import { AppError, ErrorCode } from "../errors.js";
import { RANDOM_ID_ALPHABET, type RandomBytes, randomId } from "./random-id.js";

/** A source that cycles through `values`, recording how many bytes each call asked for. */
function cyclingSource(values: readonly number[]): RandomBytes & { requests: number[] } {
  let next = 0;
  const requests: number[] = [];
  const source = (length: number) => {
    requests.push(length);
    return Uint8Array.from({ length }, () => {
      const value = values[next % values.length] ?? 0;
      next += 1;
      return value;
    });
  };
  return Object.assign(source, { requests });
}

describe("randomId", () => {
  it("makes 20 ASCII letters from the default crypto source, different each time", () => {
    const ids = Array.from({ length: 200 }, () => randomId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    { name: "byte 0 → A", bytes: [0], expected: "A".repeat(20) },
    { name: "byte 25 → Z", bytes: [25], expected: "Z".repeat(20) },
    { name: "byte 26 → a", bytes: [26], expected: "a".repeat(20) },
    { name: "byte 51 → z", bytes: [51], expected: "z".repeat(20) },
    { name: "byte 52 wraps to A", bytes: [52], expected: "A".repeat(20) },
    { name: "byte 207 (last accepted) → z", bytes: [207], expected: "z".repeat(20) },
    { name: "bytes 208–255 are skipped", bytes: [208, 255, 1, 230], expected: "B".repeat(20) },
    {
      name: "a run of letters",
      bytes: [0, 1, 2, 26, 27, 28],
      expected: "ABCabcABCabcABCabcAB",
    },
  ])("maps bytes to letters: $name", ({ bytes, expected }) => {
    expect(randomId(cyclingSource(bytes))).toBe(expected);
  });

  it("gives every letter the same share of the byte values (no modulo bias)", () => {
    // 52 ids × 20 letters = 1040 = 5 × 208 accepted bytes, i.e. exactly 5 passes over 0–255.
    const source = cyclingSource(Array.from({ length: 256 }, (_, i) => i));
    const counts = new Map<string, number>();
    for (let i = 0; i < 52; i += 1) {
      for (const letter of randomId(source)) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    }
    expect(counts.size).toBe(RANDOM_ID_ALPHABET.length);
    for (const count of counts.values()) expect(count).toBe(20);
  });

  it("asks only for the letters still missing", () => {
    const source = cyclingSource([0, 0, 0, 0, 0, 255, 255, 255, 255, 255]);
    expect(randomId(source)).toHaveLength(RANDOM_ID_LENGTH);
    expect(source.requests).toEqual([20, 10, 5]);
  });

  it.each([
    { name: "only rejected bytes", source: cyclingSource([208, 255]) },
    { name: "no bytes at all", source: () => new Uint8Array(0) },
  ])("throws INTERNAL for a broken source: $name", ({ source }) => {
    expect(() => randomId(source)).toThrowError(
      expect.objectContaining({ code: ErrorCode.INTERNAL }),
    );
    expect(() => randomId(source)).toThrow(AppError);
  });
});
