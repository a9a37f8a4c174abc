// How better-auth's models map onto our snake_case tables (migration 20261123T0000). One place,
// used by createAuth and by the schema test that asks better-auth to check the migrated tables.

const timestamps = { createdAt: "created_at", updatedAt: "updated_at" } as const;

export const authTableOptions = {
  user: {
    modelName: "auth_users",
    fields: { emailVerified: "email_verified", ...timestamps },
  },
  session: {
    modelName: "auth_sessions",
    fields: {
      expiresAt: "expires_at",
      ipAddress: "ip_address",
      userAgent: "user_agent",
      userId: "user_id",
      ...timestamps,
    },
  },
  account: {
    modelName: "auth_accounts",
    fields: {
      accountId: "account_id",
      providerId: "provider_id",
      userId: "user_id",
      accessToken: "access_token",
      refreshToken: "refresh_token",
      idToken: "id_token",
      accessTokenExpiresAt: "access_token_expires_at",
      refreshTokenExpiresAt: "refresh_token_expires_at",
      ...timestamps,
    },
  },
  verification: {
    modelName: "auth_verifications",
    fields: { expiresAt: "expires_at", ...timestamps },
  },
} as const;

/** Column names of the anonymous plugin's field. */
export const anonymousSchema = { user: { fields: { isAnonymous: "is_anonymous" } } };

/** Column names of the admin plugin's fields, should that plugin be enabled. */
export const adminSchema = {
  user: { fields: { banReason: "ban_reason", banExpires: "ban_expires" } },
  session: { fields: { impersonatedBy: "impersonated_by" } },
};
