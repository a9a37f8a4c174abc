// @vitest-environment jsdom
import { MEMO_TAGS_MAX } from "@mnemo/domain";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { initI18nForTests } from "../../i18n/i18n-for-tests";
import { TagInput } from "./TagInput";

beforeAll(() => initI18nForTests());

afterEach(cleanup);

/** The chips as a form holds them, and what the form last received. */
function Form({ start = [] as string[] }) {
  const [tags, setTags] = useState(start);
  return (
    <form data-testid="form" onSubmit={(event) => event.preventDefault()}>
      <TagInput tags={tags} suggestions={["영어", "Grammar"]} onChange={setTags} />
      <output data-testid="tags">{JSON.stringify(tags)}</output>
    </form>
  );
}

const shown = () => JSON.parse(screen.getByTestId("tags").textContent ?? "[]");
const field = () => screen.getByRole("combobox", { name: i18next.t("memos.tags.label") });

describe("TagInput (issue #10 › Tags)", () => {
  it.each(["ko", "en"])("adds with Enter and comma, removes with Backspace (%s)", async (lang) => {
    await i18next.changeLanguage(lang);
    render(<Form />);
    await userEvent.type(field(), "#한국어{Enter}grammar,  문법 ,");
    expect(shown()).toEqual(["한국어", "grammar", "문법"]);
    // The same tag in another case is not added twice.
    await userEvent.type(field(), "GRAMMAR{Enter}");
    expect(shown()).toEqual(["한국어", "grammar", "문법"]);
    await userEvent.type(field(), "{Backspace}");
    expect(shown()).toEqual(["한국어", "grammar"]);
    await userEvent.click(
      screen.getByRole("button", { name: i18next.t("memos.tags.remove", { tag: "한국어" }) }),
    );
    expect(shown()).toEqual(["grammar"]);
    expect(field()).toHaveProperty("value", "");
  });

  it("adds what was typed when the field is left, and offers the user's other tags", async () => {
    await i18next.changeLanguage("en");
    const { container } = render(<Form start={["grammar"]} />);
    await userEvent.type(field(), "vocab");
    await userEvent.tab();
    expect(shown()).toEqual(["grammar", "vocab"]);
    const offered = [...container.querySelectorAll("datalist option")].map((o) =>
      o.getAttribute("value"),
    );
    expect(offered).toEqual(["영어"]);
  });

  it(`keeps at most ${MEMO_TAGS_MAX} tags and says so`, async () => {
    await i18next.changeLanguage("en");
    render(<Form start={Array.from({ length: MEMO_TAGS_MAX - 1 }, (_, i) => `t${i}`)} />);
    await userEvent.type(field(), "last,extra{Enter}");
    expect(shown()).toHaveLength(MEMO_TAGS_MAX);
    expect(shown().at(-1)).toBe("last");
    expect(screen.getByText(i18next.t("memos.tags.limit", { count: MEMO_TAGS_MAX }))).toBeTruthy();
  });
});
