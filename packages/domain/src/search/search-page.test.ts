import { describe, expect, it } from "vitest";
import { compareSearchHits, pageOfSearchHits, type SearchHit } from "./match.js";

/** Hits with many ties (few scores and times), in a scrambled order. */
function hits(count: number): SearchHit[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `m${String((i * 7919) % count).padStart(5, "0")}`,
    isTitleHit: i % 5 === 0,
    score: (i * 31) % 7,
    updatedAt: (i * 13) % 4,
  }));
}

describe("pageOfSearchHits", () => {
  it.each([0, 1, 29, 30, 31, 500])("pages %i hits exactly as sorting them all would", (count) => {
    const all = hits(count);
    const sorted = [...all].sort(compareSearchHits);
    const seen: SearchHit[] = [];
    let after: SearchHit | null = null;
    for (;;) {
      const { page, hasMore }: { page: SearchHit[]; hasMore: boolean } = pageOfSearchHits(
        all,
        after,
        30,
      );
      seen.push(...page);
      after = page.at(-1) ?? null;
      if (!hasMore) break;
    }
    expect(seen).toEqual(sorted);
  });
});
