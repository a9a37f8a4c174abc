// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { DENSITY_KEY, parseDensity, readDensity, setDensity, startDensity } from "./density";

describe("list density", () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ["compact", "compact"],
    ["comfortable", "comfortable"],
    [null, "comfortable"],
    ["촘촘", "comfortable"],
  ] as const)("parses %s as %s", (stored, density) => {
    expect(parseDensity(stored)).toBe(density);
  });

  it("is stored on the device and applied to <html> at once", () => {
    startDensity()();
    expect(document.documentElement.dataset.density).toBe("comfortable");
    setDensity("compact");
    expect(localStorage.getItem(DENSITY_KEY)).toBe("compact");
    expect(document.documentElement.dataset.density).toBe("compact");
    setDensity("comfortable");
    expect(localStorage.getItem(DENSITY_KEY)).toBeNull();
    expect(readDensity()).toBe("comfortable");
    expect(document.documentElement.dataset.density).toBe("comfortable");
  });
});
