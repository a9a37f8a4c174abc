import { z } from "zod";
import { countryCodeSchema } from "../constants.schema.js";
import { normalizeSubjectName } from "../subject/add-subjects.js";
import { subjectSchema } from "../subject/subject.schema.js";

/** Largest and default number of subjects `GET /api/subjects` answers. */
export const SUBJECTS_PAGE_MAX = 500;
export const SUBJECTS_PAGE_DEFAULT = 200;
/** Most names one `POST /api/subjects` adds, and the longest name (UTF-16 code units). */
export const SUBJECTS_ADD_MAX = 50;
export const SUBJECT_NAME_MAX = 100;

/**
 * `GET /api/subjects` query: the active subjects of `countryCode` (default: the user's country),
 * at most `limit` (1–500, default 200).
 */
export const listSubjectsQuerySchema = z.object({
  countryCode: countryCodeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(SUBJECTS_PAGE_MAX).default(SUBJECTS_PAGE_DEFAULT),
});
export type ListSubjectsQuery = z.infer<typeof listSubjectsQuerySchema>;

/** `GET /api/subjects` answer: most pinned first, then most set, then by name. */
export const subjectsResponseSchema = z.object({ subjects: z.array(subjectSchema) });
export type SubjectsResponse = z.infer<typeof subjectsResponseSchema>;

/**
 * `POST /api/subjects` body: 1–50 `names` (each up to 100 characters; trimmed, and blank or
 * repeated names dropped, by `planSubjectAdditions`) for `countryCode` (default: the user's).
 */
export const addSubjectsInputSchema = z.object({
  names: z.array(z.string().max(SUBJECT_NAME_MAX)).min(1).max(SUBJECTS_ADD_MAX),
  countryCode: countryCodeSchema.optional(),
});
export type AddSubjectsInput = z.infer<typeof addSubjectsInputSchema>;

/** `POST /api/subjects` answer: the names created, and the known names whose setCount rose. */
export const addSubjectsResponseSchema = z.object({
  created: z.array(z.string()),
  incremented: z.array(z.string()),
});
export type AddSubjectsResponse = z.infer<typeof addSubjectsResponseSchema>;

/**
 * Subject names (new or known) one user may add in 24 hours: the lists are shared by everyone of
 * a country, so one account must not flood them.
 */
export const SUBJECT_ADDITIONS_PER_DAY = 50;

/**
 * `POST /api/admin/subjects/hide` body: the country and the subject's name (normalized as added
 * names are).
 */
export const hideSubjectInputSchema = z.object({
  countryCode: countryCodeSchema,
  name: z.string().max(SUBJECT_NAME_MAX).transform(normalizeSubjectName).pipe(z.string().min(1)),
});
export type HideSubjectInput = z.infer<typeof hideSubjectInputSchema>;
