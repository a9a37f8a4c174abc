import type {
  AddSubjectsInput,
  AddSubjectsResponse,
  CountryCode,
  HideSubjectInput,
  ListSubjectsQuery,
  SubjectsResponse,
} from "@mnemo/domain";
import {
  AppError,
  DAY_MS,
  ErrorCode,
  planSubjectAdditions,
  SUBJECT_ADDITIONS_PER_DAY,
} from "@mnemo/domain";
import type { ServiceDeps } from "../../deps.js";
import {
  addSubjectsForUser,
  hideSubject as hideSubjectRow,
  selectExistingSubjectNames,
  selectSubjects,
} from "./subjects.repo.js";

/** The subjects of `query.countryCode`, or of the user's country. */
export async function listSubjects(
  deps: Pick<ServiceDeps, "db">,
  user: { countryCode: CountryCode },
  query: ListSubjectsQuery,
): Promise<SubjectsResponse> {
  const countryCode = query.countryCode ?? user.countryCode;
  return { subjects: await selectSubjects(deps.db.kysely, countryCode, query.limit) };
}

/**
 * Adds subjects by name to `input.countryCode` (or the user's country): new names are created,
 * known ones get +1 on their setCount (see `planSubjectAdditions`). The lists are shared by
 * everyone of a country, so only verified accounts add, at most SUBJECT_ADDITIONS_PER_DAY names
 * in any 24 hours.
 *
 * @throws SUBJECT_VERIFIED_ACCOUNT_REQUIRED for an anonymous or unverified account;
 *   SUBJECT_DAILY_LIMIT_REACHED when the names would pass the daily limit (nothing is added)
 */
export async function addSubjects(
  deps: ServiceDeps,
  user: { id: string; countryCode: CountryCode; isAnonymous: boolean; emailVerified: boolean },
  input: AddSubjectsInput,
): Promise<AddSubjectsResponse> {
  if (user.isAnonymous || !user.emailVerified) {
    throw new AppError(
      ErrorCode.SUBJECT_VERIFIED_ACCOUNT_REQUIRED,
      "only verified accounts add to the shared subjects",
    );
  }
  const db = deps.db.kysely;
  const countryCode = input.countryCode ?? user.countryCode;
  const normalized = planSubjectAdditions(input.names, []).toCreate;
  const existing = await selectExistingSubjectNames(db, countryCode, normalized);
  const plan = planSubjectAdditions(input.names, existing);
  const now = deps.now();
  const limit = { since: now - DAY_MS, max: SUBJECT_ADDITIONS_PER_DAY };
  const addition = { userId: user.id, countryCode, names: normalized, now };
  if (!(await addSubjectsForUser(db, addition, limit))) {
    throw new AppError(
      ErrorCode.SUBJECT_DAILY_LIMIT_REACHED,
      `at most ${SUBJECT_ADDITIONS_PER_DAY} subject names a day`,
      { maxPerDay: SUBJECT_ADDITIONS_PER_DAY },
    );
  }
  return { created: plan.toCreate, incremented: plan.toIncrement };
}

/** Hides a subject from its country's list (admins). @throws SUBJECT_NOT_FOUND */
export async function hideSubject(deps: ServiceDeps, input: HideSubjectInput): Promise<void> {
  if (!(await hideSubjectRow(deps.db.kysely, input.countryCode, input.name, deps.now()))) {
    throw new AppError(ErrorCode.SUBJECT_NOT_FOUND, "no such subject in this country");
  }
}
