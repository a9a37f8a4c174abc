import { parseOrThrow } from "../common/validation.js";
import { type Subject, subjectSchema } from "./subject.schema.js";

/** Trimmed, NFC-normalized form of a subject name (so a decomposed 한글 equals a composed one). */
export function normalizeSubjectName(name: string): string {
  return name.normalize("NFC").trim();
}

/** What to write for one "add subjects" request; see {@link planSubjectAdditions}. */
export interface SubjectAdditionPlan {
  /** Names to create (with `setCount` 1), trimmed, in first-seen order. */
  toCreate: string[];
  /** Existing names whose `setCount` goes up by 1, spelled as stored, in first-seen order. */
  toIncrement: string[];
}

/**
 * Plans adding subjects (PRODUCT.md › Subjects: for each trimmed name, add it if no subject has
 * that name, otherwise add 1 to its setCount).
 *
 * Names are compared after {@link normalizeSubjectName} (trim + NFC), exactly otherwise (case
 * matters). Empty names are dropped; a name given twice counts once.
 *
 * @param inputNames - the names the user entered
 * @param existingNames - names of the subjects that already exist
 */
export function planSubjectAdditions(
  inputNames: readonly string[],
  existingNames: Iterable<string>,
): SubjectAdditionPlan {
  const existing = new Map<string, string>();
  for (const name of existingNames) existing.set(normalizeSubjectName(name), name);
  const seen = new Set<string>();
  const plan: SubjectAdditionPlan = { toCreate: [], toIncrement: [] };
  for (const input of inputNames) {
    const name = normalizeSubjectName(input);
    if (name === "" || seen.has(name)) continue;
    seen.add(name);
    const stored = existing.get(name);
    if (stored === undefined) plan.toCreate.push(name);
    else plan.toIncrement.push(stored);
  }
  return plan;
}

/**
 * A new subject for a name from {@link planSubjectAdditions}: `setCount` 1 (set once),
 * `pinnedCount` 0, active.
 *
 * @param name - the subject name (normalized again here)
 * @param now - epoch ms stamped as `updatedAt`
 * @throws AppError `VALIDATION_FAILED` when the name is empty or `now` is not epoch ms
 */
export function createSubject(name: string, now: number): Subject {
  return parseOrThrow(
    subjectSchema,
    { name: normalizeSubjectName(name), setCount: 1, updatedAt: now },
    "subject",
  );
}
