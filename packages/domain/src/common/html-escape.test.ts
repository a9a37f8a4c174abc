import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html-escape.js";

describe("escapeHtml", () => {
  it("turns the five meaningful characters into entities and leaves the rest", () => {
    expect(escapeHtml(`<img src=x onerror="a('b')"> & 한국어`)).toBe(
      "&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt; &amp; 한국어",
    );
  });

  it("escapes an ampersand once, so an entity in the text stays visible as typed", () => {
    expect(escapeHtml("&lt;")).toBe("&amp;lt;");
  });
});
