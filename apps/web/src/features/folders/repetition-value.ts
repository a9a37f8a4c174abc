/** Largest date or read repetition value the server accepts. */
export const MAX_REPETITION_VALUE = 100_000;

/** A typed repetition value as a number in 0…100 000, or null when it is not one. */
export function parseRepetitionValue(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 && value <= MAX_REPETITION_VALUE ? value : null;
}
