import { ANONYMOUS_EMAIL } from "@mnemo/domain";
import { createContext, useContext } from "react";
import type { Me } from "../api/me.queries";

export const MeContext = createContext<Me | null>(null);

/** The signed-in user, or null while signed out. */
export function useOptionalMe(): Me | null {
  return useContext(MeContext);
}

/** The signed-in user; only for screens behind <RequireUser>. */
export function useSignedInMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error("useSignedInMe outside a signed-in screen");
  return me;
}

/**
 * better-auth names every anonymous user "Anonymous" (its plugin's default); that is not a name
 * to greet anyone by, so it counts as none.
 */
const ANONYMOUS_NAME = "Anonymous";

/**
 * The name to greet and show the user by, or "" when there is none to use: anonymous users and
 * users without a name get the neutral greeting and "No name" (PRODUCT.md › Anonymous use).
 */
export function displayNameOf(me: Pick<Me, "isAnonymous" | "user">): string {
  const name = me.user.name.trim();
  if (me.isAnonymous || me.user.email === ANONYMOUS_EMAIL) return "";
  return name === ANONYMOUS_NAME ? "" : name;
}
