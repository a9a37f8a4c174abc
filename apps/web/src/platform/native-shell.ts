import { Device } from "@capacitor/device";
import { StatusBar, Style } from "@capacitor/status-bar";
import { AdMob } from "@capacitor-community/admob";
import { DEFAULT_COUNTRY_CODE, ErrorCode } from "@mnemo/domain";
import type { QueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { sendErrorLog } from "../api/logs.api";
import { type Me, meKeys } from "../api/me.queries";
import { onThemeChange, type Theme } from "../lib/theme";
import { onModalVisibility } from "../overlays/modal";
import { startBannerAd } from "./ads";
import { type SignedInUser, storeDeviceInfoOnce } from "./device-info";
import { isProductionBuild, type PlatformName, platformName } from "./platform";

// Loaded only inside the native apps (start.ts imports it when isNative()): the web build keeps
// every Capacitor plugin, and this wiring, out of its first route.

/**
 * Logs to the console and to the server's error log (PRODUCT.md › Error dialog), as the error
 * dialog does.
 */
function reportError(message: string): void {
  console.error(message);
  void sendErrorLog({
    code: ErrorCode.INTERNAL,
    country: DEFAULT_COUNTRY_CODE,
    message,
    userKey: null,
  });
}

/** Calls `listener` with the signed-in user now (when known) and each time the user query answers one. */
function onSignedIn(queryClient: QueryClient) {
  return (listener: (user: SignedInUser) => void): (() => void) => {
    const tell = (me: Me | null | undefined) => me?.user && listener(me.user);
    tell(queryClient.getQueryData<Me | null>(meKeys.all));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.query.queryKey[0] === meKeys.all[0]) {
        tell(event.query.state.data as Me | null | undefined);
      }
    });
  };
}

/**
 * The status bar in the page's theme (PRODUCT.md › Theme): its background is the palette's
 * `--bg`, so it blends with the page.
 */
async function setStatusBar(platform: PlatformName, theme: Theme): Promise<void> {
  // Style.Light = dark text, for the light background; Style.Dark = light text.
  await StatusBar.setStyle({ style: theme === "dark" ? Style.Dark : Style.Light });
  const color = getComputedStyle(document.documentElement).getPropertyValue("--bg").trim();
  if (platform === "android" && color !== "") await StatusBar.setBackgroundColor({ color });
}

function currentTheme(): Theme {
  return document.documentElement.getAttribute("data-theme") === "dark" ? "dark" : "light";
}

/**
 * Start-up on native (PRODUCT.md › Native apps): set the status bar, init ads (the bottom banner),
 * and store the device info on the user once one is signed in. One failing does not stop the
 * others.
 */
export async function startNativeShell(queryClient: QueryClient): Promise<void> {
  const platform = platformName();
  storeDeviceInfoOnce({
    plugin: Device,
    onSignedIn: onSignedIn(queryClient),
    updateDeviceInfo: async (deviceInfo) => {
      queryClient.setQueryData(meKeys.all, await api<Me>("PATCH", "/api/me", { deviceInfo }));
    },
    reportError,
  });
  onThemeChange((theme) => {
    setStatusBar(platform, theme).catch((error) => reportError(`status bar: ${error}`));
  });
  const results = await Promise.allSettled([
    setStatusBar(platform, currentTheme()),
    startBannerAd({
      plugin: AdMob,
      platform,
      isProduction: isProductionBuild,
      onModalVisibility,
      reportError,
    }),
  ]);
  for (const result of results) {
    if (result.status === "rejected") reportError(`native start: ${result.reason}`);
  }
}
