import type { PreferencesPlugin } from "@capacitor/preferences";

/**
 * The native apps' bearer token (better-auth's bearer plugin): the web view's cookies are not
 * reliable on iOS, so the session travels in an Authorization header and is kept in the app's
 * Preferences (UserDefaults / SharedPreferences), which survive restarts.
 */
const TOKEN_KEY = "mnemo.authToken";

type TokenStore = Pick<PreferencesPlugin, "get" | "set" | "remove">;

/** What src/api/client.ts uses on native. */
export interface AuthTokenStore {
  readAuthToken(): Promise<string | null>;
  storeAuthToken(token: string | null): Promise<void>;
}

let store: Promise<TokenStore> | null = null;
/** undefined until read once: every request after the first answers from memory. */
let cachedToken: string | null | undefined;

function tokenStore(): Promise<TokenStore> {
  store ??= import("@capacitor/preferences").then(({ Preferences }) => Preferences);
  return store;
}

/** Tests hand in a fake Preferences plugin; `null` goes back to the real one. */
export function setTokenStoreForTesting(fake: TokenStore | null): void {
  store = fake ? Promise.resolve(fake) : null;
  cachedToken = undefined;
}

export async function readAuthToken(): Promise<string | null> {
  if (cachedToken === undefined) {
    cachedToken = (await (await tokenStore()).get({ key: TOKEN_KEY })).value;
  }
  return cachedToken;
}

/** Stores the token the server sent (`set-auth-token`), or removes it (`null`, on sign-out). */
export async function storeAuthToken(token: string | null): Promise<void> {
  if (token === cachedToken) return;
  cachedToken = token;
  const preferences = await tokenStore();
  if (token === null) await preferences.remove({ key: TOKEN_KEY });
  else await preferences.set({ key: TOKEN_KEY, value: token });
}
