import type { SaveScratchTextInput, ScratchText } from "@mnemo/domain";
import type { ServiceDeps } from "../../deps.js";
import { sanitizeRichText } from "../../http/sanitize-html.js";
import { selectScratchText, upsertScratchText } from "./text.repo.js";

type Deps = ServiceDeps;

/** The user's scratch text; empty with `updatedAt: null` before the first save. */
export async function getScratchText(deps: Deps, userId: string): Promise<ScratchText> {
  const text = await selectScratchText(deps.db.kysely, userId);
  return text ?? { contents: "", updatedAt: null };
}

/**
 * Replaces the user's scratch text with `input.contents`, sanitized like memo contents (empty
 * contents are stored too: they clear the text), and answers what was stored.
 */
export async function saveScratchText(
  deps: Deps,
  userId: string,
  input: SaveScratchTextInput,
): Promise<ScratchText> {
  const text = { contents: sanitizeRichText(input.contents), updatedAt: deps.now() };
  await upsertScratchText(deps.db.kysely, userId, text);
  return text;
}
