import { describe, expect, it } from "vitest";
import { formatRate } from "./format";

describe("formatRate", () => {
  it("keeps two significant digits of a small rate instead of rounding it to 0", () => {
    expect(formatRate("ko-KR", 1 / 365)).toBe("0.0027");
    expect(formatRate("en-US", 1 / 365)).toBe("0.0027");
  });

  it("shows two decimals otherwise, and 0 as 0", () => {
    expect(formatRate("en-US", 4 / 30)).toBe("0.13");
    expect(formatRate("en-US", 1234.567)).toBe("1,234.57");
    expect(formatRate("ko-KR", 0)).toBe("0");
  });
});
