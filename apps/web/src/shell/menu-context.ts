import { createContext, useContext } from "react";

export interface MenuControl {
  /** True below 992 px, where navigation is a slide-out menu. */
  isCollapsible: boolean;
  open: () => void;
}

export const MenuContext = createContext<MenuControl>({ isCollapsible: false, open: () => {} });

export function useMenu(): MenuControl {
  return useContext(MenuContext);
}
