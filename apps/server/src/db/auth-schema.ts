import type { Generated } from "kysely";

// Row types of better-auth's tables as stored by its Kysely adapter, plus our auth limits.
// better-auth owns their encoding, which differs by engine: timestamps are ISO text on SQLite and
// timestamptz on PostgreSQL, booleans 0/1 on SQLite and boolean on PostgreSQL. Only
// src/auth/auth.repo.ts touches them directly, through its dialect helpers.

/** A better-auth timestamp: ISO-8601 text on SQLite, a Date (timestamptz) on PostgreSQL. */
export type AuthTimestamp = string | Date;
/** A better-auth boolean: 0/1 on SQLite, boolean on PostgreSQL. */
export type AuthBoolean = number | boolean;

export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: AuthBoolean;
  image: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
  is_anonymous: AuthBoolean | null;
  role: string | null;
  banned: AuthBoolean | null;
  ban_reason: string | null;
  ban_expires: AuthTimestamp | null;
}

export interface AuthSessionsTable {
  id: string;
  expires_at: AuthTimestamp;
  token: string;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
  impersonated_by: string | null;
}

export interface AuthAccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthTimestamp | null;
  refresh_token_expires_at: AuthTimestamp | null;
  scope: string | null;
  /** Argon2id PHC string for the `credential` provider; null for social accounts. */
  password: string | null;
  created_at: AuthTimestamp;
  updated_at: AuthTimestamp;
}

export interface AuthVerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthTimestamp;
  created_at: Generated<AuthTimestamp>;
  updated_at: Generated<AuthTimestamp>;
}

/** One limited thing's counter in its current window (src/auth/auth-limits.repo.ts). */
export interface AuthLimitsTable {
  /** What is counted, e.g. `password:<user id>` or `mail:reset:<e-mail>`. */
  key: string;
  /** Epoch ms when the current window began. */
  window_started_at: number;
  /** Slots taken in the current window. */
  count: number;
  /** Epoch ms of the latest slot taken. */
  last_at: number;
}

export interface AuthTables {
  auth_users: AuthUsersTable;
  auth_sessions: AuthSessionsTable;
  auth_accounts: AuthAccountsTable;
  auth_verifications: AuthVerificationsTable;
  auth_limits: AuthLimitsTable;
}
