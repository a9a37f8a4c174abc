import type {
  AddSubjectsInput,
  AddSubjectsResponse,
  CountryCode,
  ListSubjectsQuery,
  SubjectsResponse,
} from "@mnemo/domain";
import { planSubjectAdditions } from "@mnemo/domain";
import type { ServiceDeps } from "../../deps.js";
import {
  addOrIncrementSubjects,
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
 * known ones get +1 on their setCount (see `planSubjectAdditions`).
 */
export async function addSubjects(
  deps: ServiceDeps,
  user: { countryCode: CountryCode },
  input: AddSubjectsInput,
): Promise<AddSubjectsResponse> {
  const db = deps.db.kysely;
  const countryCode = input.countryCode ?? user.countryCode;
  const normalized = planSubjectAdditions(input.names, []).toCreate;
  const existing = await selectExistingSubjectNames(db, countryCode, normalized);
  const plan = planSubjectAdditions(input.names, existing);
  await addOrIncrementSubjects(db, countryCode, normalized, deps.now());
  return { created: plan.toCreate, incremented: plan.toIncrement };
}
