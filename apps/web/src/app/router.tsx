import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useLayoutEffect,
  useState,
} from "react";
import {
  Navigate,
  Route,
  Router,
  Routes,
  type UNSAFE_createBrowserHistory,
  type UNSAFE_createMemoryHistory,
} from "react-router";
import { RequireAdmin, RequireUser } from "../session/SessionGate";
import { StartupIndicator } from "../session/StartupIndicator";
import { LoadBoundary } from "../ui/LoadBoundary";
import { isNavigatingAtOnce } from "./navigate-at-once";
import { Root } from "./Root";
import { loadedScreen, type ScreenRoute, START_PATH, screens } from "./screens";

// The app's routes in react-router's declarative mode. Its data router (createBrowserRouter)
// was 31 KB of the first route's 160 KB of gzipped JavaScript, against 14 KB for this mode, and
// the app used none of its data APIs: only its lazy routes, its error element and `flushSync`
// navigations, which React.lazy, LoadBoundary and `navigateAtOnce` give instead.

/** Each screen's component as React.lazy loads it on its first render. */
const lazyScreens = new Map(
  screens.map((route) => [
    route,
    lazy(async () => ({ default: (await route.load())[route.name] as ComponentType })),
  ]),
);

/**
 * A screen. One whose module has arrived (the first screen, which start-up waits for; one shown
 * before) renders without suspending: React.lazy suspends on its first render however ready the
 * module is, and a Suspense fallback shown at start-up held the first screen back ~300 ms (React
 * reveals a boundary's content no sooner than that after its fallback showed).
 */
export function Screen({ route }: { route: ScreenRoute }) {
  const Loaded = loadedScreen(route) ?? lazyScreens.get(route);
  return Loaded ? <Loaded /> : null;
}

/** A screen's element: its component, loaded on first render, behind its access guard. */
function screenElement(route: ScreenRoute): ReactNode {
  const { access } = route;
  if (access === "public") return <Screen route={route} />;
  const Guard = access === "admin" ? RequireAdmin : RequireUser;
  return (
    <RequireUser>
      <Guard>
        <Screen route={route} />
      </Guard>
    </RequireUser>
  );
}

/** Each screen's route, its lazy component made once. */
const screenRoutes = screens.map((route) => (
  <Route key={route.path} path={route.path} element={screenElement(route)} />
));

/** A history the app's router reads: the browser's, or one in memory in tests. */
export type AppHistory =
  | ReturnType<typeof UNSAFE_createBrowserHistory>
  | ReturnType<typeof UNSAFE_createMemoryHistory>;

/**
 * The router over `history`. A navigation renders as a transition, so the screen on show stays
 * until the next one's module has loaded (as the data router's lazy routes did), except those
 * of `navigateAtOnce` (navigate-at-once.ts).
 */
export function AppRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        if (isNavigatingAtOnce()) setState({ action, location });
        else startTransition(() => setState({ action, location }));
      }),
    [history],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}

/** The app's screens in the shell: the start-up indicator until the first screen has loaded. */
export function AppRoutes() {
  return (
    <LoadBoundary isScreen>
      <Suspense fallback={<StartupIndicator />}>
        <Routes>
          <Route element={<Root />}>
            <Route index element={<Navigate to={START_PATH} replace />} />
            {screenRoutes}
          </Route>
        </Routes>
      </Suspense>
    </LoadBoundary>
  );
}
