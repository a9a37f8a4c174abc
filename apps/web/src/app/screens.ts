import type { ComponentType } from "react";
import { matchRoutes } from "react-router";

// The screens of PRODUCT.md › Screens as data: the router (router.tsx) renders them, and what
// knows where the user is going next (start-up, the search field) loads a screen's module ahead.

export type Access = "public" | "user" | "admin";

type ScreenModule = Record<string, ComponentType>;

/** A screen of PRODUCT.md › Screens: its path, who may see it, and its lazily loaded module. */
export interface ScreenRoute {
  path: string;
  access: Access;
  /** Imports the module; `name` is its exported component. */
  load: () => Promise<ScreenModule>;
  name: string;
}

/** The screen modules that have arrived, by loader (several screens share a module). */
const arrived = new Map<ScreenRoute["load"], ScreenModule>();

/** A module's loader that keeps the module once it has arrived (see {@link loadedScreen}). */
function kept(load: ScreenRoute["load"]): ScreenRoute["load"] {
  const keep = async () => {
    const module = await load();
    arrived.set(keep, module);
    return module;
  };
  return keep;
}

const auth = kept(() => import("../features/auth/auth.screens"));
const account = kept(() => import("../features/account/account.screens"));
const home = kept(() => import("../features/home/home.screens"));
const folders = kept(() => import("../features/folders/folders.screens"));
const memos = kept(() => import("../features/memos/memos.screens"));
const calendar = kept(() => import("../features/calendar/calendar.screens"));
const admin = kept(() => import("../features/admin/admin.screens"));
const info = kept(() => import("../features/info/info.screens"));
const text = kept(() => import("../features/text/text.screens"));
const subjects = kept(() => import("../features/subjects/subjects.screens"));
const shared = kept(() => import("../features/shared/shared.screens"));
const review = kept(() => import("../features/review/review.screens"));
const stats = kept(() => import("../features/stats/stats.screens"));
const trash = kept(() => import("../features/trash/trash.screens"));

const screen = (
  path: string,
  access: Access,
  load: ScreenRoute["load"],
  name: string,
): ScreenRoute => ({ path, access, load, name });

/**
 * Every route of PRODUCT.md › Screens. Query parameters carry the ids of the screens without path
 * ids.
 */
export const screens: readonly ScreenRoute[] = [
  screen("home/:myId?", "user", home, "HomeScreen"),
  screen("today", "user", home, "TodayScreen"),
  screen("login", "public", auth, "LoginScreen"),
  screen("signup", "public", auth, "SignupScreen"),
  screen("verify-email", "public", auth, "VerifyEmailScreen"),
  screen("find-account", "public", auth, "FindAccountScreen"),
  screen("account-settings", "user", account, "AccountSettingsScreen"),
  screen("select-country", "user", account, "SelectCountryScreen"),
  screen("import", "user", account, "ImportExportScreen"),
  screen("plan", "user", info, "PlanScreen"),
  screen("analytics", "admin", admin, "AnalyticsScreen"),
  screen("laboratory", "user", info, "LaboratoryScreen"),
  screen("text-editor", "user", text, "TextEditorScreen"),
  screen("upsert-text", "user", text, "UpsertTextScreen"),
  screen("subjects", "user", subjects, "SubjectsScreen"),
  screen("privacy-policy", "public", info, "PrivacyPolicyScreen"),
  screen("letter", "public", info, "LetterScreen"),
  screen("public-memos/:showPinnedOnly?", "user", info, "PublicMemosScreen"),
  screen("view/:countryCode/:shareToken", "public", shared, "SharedMemoScreen"),
  screen("private-folders/:folderId?", "user", folders, "PrivateFoldersScreen"),
  screen("private-memos/:folderId", "user", memos, "PrivateMemosScreen"),
  screen("upsert-private-memo", "user", memos, "UpsertPrivateMemoScreen"),
  screen("view-private-memo", "user", memos, "ViewPrivateMemoScreen"),
  screen("search", "user", memos, "SearchScreen"),
  screen("private-calendar", "user", calendar, "PrivateCalendarScreen"),
  screen("folder-settings", "user", folders, "FolderSettingsScreen"),
  screen("review-memo-settings", "user", folders, "ReviewMemoSettingsScreen"),
  screen("review", "user", review, "ReviewScreen"),
  screen("stats", "user", stats, "StatsScreen"),
  screen("trash", "user", trash, "TrashScreen"),
  screen("*", "public", info, "NotFoundScreen"),
];

/** The path `/` leads to. */
export const START_PATH = "/home";

/**
 * Starts loading the module of the screen at `pathname` (as the router will match it), so it
 * arrives while the strings and the user load rather than after the first render. Settles when
 * it has arrived or failed.
 */
export async function preloadScreenAt(pathname: string): Promise<void> {
  const path = pathname === "/" ? START_PATH : pathname;
  const matched = matchRoutes(
    screens.map((route) => ({ path: route.path, screen: route })),
    path,
  );
  await matched
    ?.at(-1)
    ?.route.screen.load()
    .catch(() => {
      // The render loads it again and shows the error there.
    });
}

/** The screen's component once its module has arrived; undefined before. */
export function loadedScreen(route: ScreenRoute): ComponentType | undefined {
  return arrived.get(route.load)?.[route.name];
}
