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
