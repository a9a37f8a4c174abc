import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { RequireAdmin, RequireUser } from "../session/SessionGate";
import { RouteLoadError } from "../ui/LoadBoundary";
import { Root } from "./Root";

type Access = "public" | "user" | "admin";

/**
 * A lazily loaded screen (PRODUCT.md › Screens: every screen loads on demand) behind its access
 * guard. `load` imports the module; `name` is its exported component.
 */
function screen<Name extends string>(
  path: string,
  access: Access,
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): RouteObject {
  return {
    path,
    lazy: async () => {
      const Screen: ComponentType = (await load())[name];
      if (access === "public") return { Component: Screen };
      const Guard = access === "admin" ? RequireAdmin : RequireUser;
      return {
        element: (
          <RequireUser>
            <Guard>
              <Screen />
            </Guard>
          </RequireUser>
        ),
      };
    },
  };
}

const auth = () => import("../features/auth/auth.screens");
const account = () => import("../features/account/account.screens");
const home = () => import("../features/home/home.screens");
const folders = () => import("../features/folders/folders.screens");
const memos = () => import("../features/memos/memos.screens");
const calendar = () => import("../features/calendar/calendar.screens");
const admin = () => import("../features/admin/admin.screens");
const info = () => import("../features/info/info.screens");
const text = () => import("../features/text/text.screens");
const subjects = () => import("../features/subjects/subjects.screens");
const shared = () => import("../features/shared/shared.screens");
const review = () => import("../features/review/review.screens");
const stats = () => import("../features/stats/stats.screens");
const trash = () => import("../features/trash/trash.screens");

/**
 * Every route of PRODUCT.md › Screens. Query parameters carry the ids of the screens without path
 * ids.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteLoadError />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
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
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
