import type { CountryCode, Language, ReminderSettings } from "@mnemo/domain";
import { type Insertable, type Selectable, sql } from "kysely";
import type { AuthBoolean, AuthTimestamp } from "../db/auth-schema.js";
import type { Db, DialectKind } from "../db/database.js";
import { precompile } from "../db/precompiled.js";
import type { UsersTable } from "../db/schema.js";

/** The user record (PRODUCT.md › Users; table `users`), keyed by the auth user's id. */
export interface UserProfile {
  id: string;
  email: string;
  name: string;
  photoUrl: string | null;
  plan: string;
  countryCode: CountryCode;
  lang: Language;
  deviceInfo: string;
  signInMethod: string;
  /** Epoch ms. */
  createdAt: number;
  /** The daily reminder; null until the user first saves its settings. */
  reminder: ReminderSettings | null;
}

export interface ProfilePatch {
  name?: string;
  photoUrl?: string | null;
  lang?: Language;
  countryCode?: CountryCode;
  deviceInfo?: string;
  reminder?: ReminderSettings;
}

// better-auth's columns are encoded per engine (see db/auth-schema.ts); our own writes to them
// must match what its adapter reads back.
function authTimestamp(kind: DialectKind, date: Date): AuthTimestamp {
  return kind === "sqlite" ? date.toISOString() : date;
}
function authBoolean(kind: DialectKind, value: boolean): AuthBoolean {
  return kind === "sqlite" ? (value ? 1 : 0) : value;
}

function toProfile(row: Selectable<UsersTable>): UserProfile {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    photoUrl: row.photo_url,
    plan: row.plan,
    countryCode: row.country_code as CountryCode,
    lang: row.lang as Language,
    deviceInfo: row.device_info,
    signInMethod: row.sign_in_method,
    createdAt: Number(row.created_at),
    reminder:
      row.reminder_time_zone === null
        ? null
        : {
            enabled: row.reminder_enabled === 1,
            time: row.reminder_time,
            timeZone: row.reminder_time_zone,
          },
  };
}

export async function findProfile(db: Db, userId: string): Promise<UserProfile | undefined> {
  const row = await db.kysely
    .selectFrom("users")
    .selectAll()
    .where("id", "=", userId)
    .executeTakeFirst();
  return row ? toProfile(row) : undefined;
}

/** Creates the record unless one exists (a retried hook or a re-seeded identity keeps the first). */
/** A live session's user as one joined row: the hot path of every signed-in request. */
export interface SessionAccountRow {
  expiresAt: number;
  emailVerified: boolean;
  isAnonymous: boolean;
  profile: UserProfile | undefined;
}

/**
 * The session with this token, its auth user and user record, in one query. `profile` is
 * undefined when the user record is missing (PRODUCT.md › Start-up).
 */
const selectSessionAccount = precompile((db, token: string) =>
  db
    .selectFrom("auth_sessions as s")
    .innerJoin("auth_users as u", "u.id", "s.user_id")
    .leftJoin("users as p", "p.id", "s.user_id")
    .select([
      "s.expires_at",
      "u.email_verified",
      "u.is_anonymous",
      "p.id",
      "p.email",
      "p.name",
      "p.photo_url",
      "p.plan",
      "p.country_code",
      "p.lang",
      "p.device_info",
      "p.sign_in_method",
      "p.created_at",
      "p.reminder_enabled",
      "p.reminder_time",
      "p.reminder_time_zone",
    ])
    .where("s.token", "=", token),
);

export async function findSessionAccount(
  db: Db,
  token: string,
): Promise<SessionAccountRow | undefined> {
  const [row] = await selectSessionAccount(db.kysely, token);
  if (!row) return undefined;
  return {
    expiresAt: new Date(row.expires_at).getTime(),
    emailVerified: row.email_verified === true || row.email_verified === 1,
    isAnonymous: row.is_anonymous === true || row.is_anonymous === 1,
    profile:
      row.id === null
        ? undefined
        : toProfile({
            id: row.id,
            email: row.email ?? "",
            name: row.name ?? "",
            photo_url: row.photo_url,
            plan: row.plan ?? "",
            country_code: row.country_code ?? "",
            lang: row.lang ?? "",
            device_info: row.device_info ?? "",
            sign_in_method: row.sign_in_method ?? "",
            created_at: row.created_at ?? 0,
            // SQLite answers 0/1, PostgreSQL an integer too: the column is an integer on both.
            reminder_enabled: Number(row.reminder_enabled ?? 0),
            reminder_time: row.reminder_time ?? "",
            reminder_time_zone: row.reminder_time_zone,
          }),
  };
}

/** The `users` row of a user record (the inverse of toProfile). */
function toProfileRow(profile: UserProfile): Insertable<UsersTable> {
  return {
    id: profile.id,
    email: profile.email,
    name: profile.name,
    photo_url: profile.photoUrl,
    plan: profile.plan,
    country_code: profile.countryCode,
    lang: profile.lang,
    device_info: profile.deviceInfo,
    sign_in_method: profile.signInMethod,
    created_at: profile.createdAt,
    ...(profile.reminder && reminderColumns(profile.reminder)),
  };
}

function reminderColumns(reminder: ReminderSettings) {
  return {
    reminder_enabled: reminder.enabled ? 1 : 0,
    reminder_time: reminder.time,
    reminder_time_zone: reminder.timeZone,
  };
}

export async function insertProfile(db: Db, profile: UserProfile): Promise<void> {
  await db.kysely
    .insertInto("users")
    .values(toProfileRow(profile))
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/**
 * Applies a profile edit. Name and photo also live on the auth user (better-auth's `name` and
 * `image`), so both rows change in one transaction and never disagree.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  patch: ProfilePatch,
  now: Date,
): Promise<UserProfile | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("users")
      .set({
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.photoUrl !== undefined && { photo_url: patch.photoUrl }),
        ...(patch.lang !== undefined && { lang: patch.lang }),
        ...(patch.countryCode !== undefined && { country_code: patch.countryCode }),
        ...(patch.deviceInfo !== undefined && { device_info: patch.deviceInfo }),
        ...(patch.reminder !== undefined && reminderColumns(patch.reminder)),
      })
      .where("id", "=", userId)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    if (patch.name !== undefined || patch.photoUrl !== undefined) {
      await trx
        .updateTable("auth_users")
        .set({
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.photoUrl !== undefined && { image: patch.photoUrl }),
          updated_at: authTimestamp(db.kind, now),
        })
        .where("id", "=", userId)
        .execute();
    }
    return toProfile(row);
  });
}

/** Copies what better-auth changed on the auth user (e-mail, name, photo) into the record. */
export async function mirrorAuthUser(
  db: Db,
  user: { id: string; email: string; name: string; photoUrl: string | null },
): Promise<void> {
  await db.kysely
    .updateTable("users")
    .set({ email: user.email, name: user.name, photo_url: user.photoUrl })
    .where("id", "=", user.id)
    .execute();
}

/**
 * signInMethod is the provider of the first linked account (PRODUCT.md › Users): only an empty one
 * is set.
 */
export async function setFirstSignInMethod(db: Db, userId: string, method: string): Promise<void> {
  await db.kysely
    .updateTable("users")
    .set({ sign_in_method: method })
    .where("id", "=", userId)
    .where("sign_in_method", "=", "")
    .execute();
}

/** The real (non-anonymous) auth user with this lower-cased e-mail, if any. */
export async function findAuthUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom("auth_users")
    .select("id")
    .where("email", "=", email)
    .where((eb) =>
      eb.or([eb("is_anonymous", "is", null), eb("is_anonymous", "=", authBoolean(db.kind, false))]),
    )
    .executeTakeFirst();
  return row?.id;
}

/**
 * Removes the rows outside the cascade from `auth_users` that still name a deleted account: its
 * pending verifications and reset links (which hold its id or e-mail) and the error logs it sent.
 */
export async function deleteAccountTraces(
  db: Db,
  account: { userId: string; email: string },
): Promise<void> {
  const contains = (column: "identifier" | "value", text: string) =>
    db.kind === "sqlite"
      ? sql<number>`instr(${sql.ref(column)}, ${text})`
      : sql<number>`strpos(${sql.ref(column)}, ${text})`;
  // An empty text is contained in every row.
  const names = [account.userId, account.email].filter((text) => text !== "");
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("auth_verifications")
      .where((eb) =>
        eb.or(
          names.flatMap((text) => [
            eb(contains("value", text), ">", 0),
            eb(contains("identifier", text), ">", 0),
          ]),
        ),
      )
      .execute();
    await trx.deleteFrom("error_logs").where("user_key", "=", account.userId).execute();
  });
}

export interface AnonymousConversion {
  userId: string;
  email: string;
  name: string;
  passwordHash: string;
  /** Id of the new credential account row. */
  accountId: string;
  now: Date;
}

/**
 * Turns an anonymous auth user into an e-mail one in place: the same id keeps every folder and
 * memo. The address starts unverified, as after a fresh sign-up. False when the user is no
 * longer anonymous (a concurrent conversion won).
 */
export async function convertAnonymousUser(db: Db, input: AnonymousConversion): Promise<boolean> {
  const at = authTimestamp(db.kind, input.now);
  return db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("auth_users")
      .set({
        email: input.email,
        name: input.name,
        email_verified: authBoolean(db.kind, false),
        is_anonymous: authBoolean(db.kind, false),
        updated_at: at,
      })
      .where("id", "=", input.userId)
      .where("is_anonymous", "=", authBoolean(db.kind, true))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .insertInto("auth_accounts")
      .values({
        id: input.accountId,
        account_id: input.userId,
        provider_id: "credential",
        user_id: input.userId,
        password: input.passwordHash,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx
      .updateTable("users")
      .set({ email: input.email, name: input.name, sign_in_method: "email" })
      .where("id", "=", input.userId)
      .execute();
    return true;
  });
}

export interface DevAdminSeed {
  profile: UserProfile;
  passwordHash: string;
  accountId: string;
  now: Date;
}

/** Creates a dev-mode admin (verified auth user, password account, record) unless it exists. */
export async function ensureDevAdmin(db: Db, seed: DevAdminSeed): Promise<void> {
  const at = authTimestamp(db.kind, seed.now);
  const { profile } = seed;
  await db.kysely.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto("auth_users")
      .values({
        id: profile.id,
        email: profile.email,
        name: profile.name,
        email_verified: authBoolean(db.kind, true),
        is_anonymous: authBoolean(db.kind, false),
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(created.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await trx
      .insertInto("auth_accounts")
      .values({
        id: seed.accountId,
        account_id: profile.id,
        provider_id: "credential",
        user_id: profile.id,
        password: seed.passwordHash,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx.insertInto("users").values(toProfileRow(profile)).execute();
  });
}

/** The Argon2id hash of the user's password account, if they have one. */
export async function findPasswordHash(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom("auth_accounts")
    .select("password")
    .where("user_id", "=", userId)
    .where("provider_id", "=", "credential")
    .executeTakeFirst();
  return row?.password ?? undefined;
}

export async function deleteSessionsOf(db: Db, userId: string): Promise<void> {
  await db.kysely.deleteFrom("auth_sessions").where("user_id", "=", userId).execute();
}
