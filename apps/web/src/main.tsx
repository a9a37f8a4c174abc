import { ErrorCode } from "@mnemo/domain";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { UNSAFE_createBrowserHistory as createBrowserHistory } from "react-router";
import { ApiError } from "./api/client";
import { deviceStartUser, forgetCachedMe, meKeys, prefetchMe } from "./api/me.queries";
import { AppRouter, AppRoutes } from "./app/router";
import { preloadScreenAt } from "./app/screens";
import { prepareFormat } from "./i18n/format";
import { initI18n, initialLanguage } from "./i18n/i18n";
import { startDensity } from "./lib/density";
import { startTheme } from "./lib/theme";
import { openOfflineCache } from "./offline/offline-lazy";
import { startPlatform } from "./platform/start";
import "./styles/app.css";

/**
 * PRODUCT.md › Start-up: a session that ended elsewhere (logout in another tab,
 * expiry, password changed on another device) makes any call answer UNAUTHENTICATED; the user
 * then reads as signed out, and the guards take the app to the login screen.
 */
function onSessionEnded(error: Error): void {
  if (error instanceof ApiError && error.code === ErrorCode.UNAUTHENTICATED) {
    forgetCachedMe();
    queryClient.setQueryData(meKeys.all, null);
  }
}

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onSessionEnded }),
  mutationCache: new MutationCache({ onError: onSessionEnded }),
  defaultOptions: {
    queries: {
      // Lists and memos are read from the device's cache, which answers offline too; a query
      // must not wait paused for a network it does not need (server reads fail fast instead).
      networkMode: "always",
      staleTime: 15_000,
      // A 4xx answer will not change on retry; network trouble may.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

async function start() {
  const rootElement = document.getElementById("root");
  if (!rootElement) throw new Error("#root is missing from index.html");
  // The first screen's chunk loads while the strings load, not after them (one round trip less
  // before the first screen), and the first render waits for both (index.html's indicator shows
  // meanwhile): it then renders the screen without suspending (see Screen in router.tsx).
  const firstScreen = preloadScreenAt(window.location.pathname);
  const history = createBrowserHistory({ window, v5Compat: true });
  prefetchMe(queryClient);
  // A returning user's cache opens while the strings and the first screen load (the session
  // gate opens the same one): the first screen's read from it then waits for nothing.
  const startUser = deviceStartUser();
  if (startUser) {
    void openOfflineCache(startUser.id, startUser.name).then((layer) => layer.isCacheComplete());
  }
  // ICU starts in the wait for the strings and the first screen, not inside a screen's render.
  setTimeout(() => prepareFormat(initialLanguage()), 0);
  await initI18n();
  await firstScreen;
  const root = createRoot(rootElement);
  // The first render as a transition: React renders it in slices of a few ms and lets the
  // browser handle input and paint between them, where an urgent render is one long task (the
  // largest of a returning visit's; Lighthouse's Total Blocking Time, issue #14).
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppRouter history={history}>
            <AppRoutes />
          </AppRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

// public/theme.js set the first frame's theme; from here on the theme follows the system live.
startTheme();
startDensity();
startPlatform(queryClient);
void start();
