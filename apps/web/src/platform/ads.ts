import {
  type AdMobPlugin,
  type BannerAdOptions,
  BannerAdPosition,
  BannerAdSize,
} from "@capacitor-community/admob";
import type { PlatformName } from "./platform";

/** What the banner needs of the AdMob plugin; tests hand in a fake with these methods. */
export type BannerAdPlugin = Pick<
  AdMobPlugin,
  "trackingAuthorizationStatus" | "initialize" | "showBanner" | "hideBanner" | "resumeBanner"
>;

/**
 * Google's published sample banner units: they always serve test ads, so a development build
 * can never earn (or be banned for) real impressions.
 */
const SAMPLE_BANNER_UNITS: Record<"ios" | "android", string> = {
  ios: "ca-app-pub-3940256099942544/2934735716",
  android: "ca-app-pub-3940256099942544/6300978111",
};

/** The store apps' own banner units, given at build time (README "Native app"). */
function productionBannerUnit(platform: "ios" | "android"): string | undefined {
  return platform === "ios"
    ? import.meta.env.VITE_ADMOB_BANNER_IOS
    : import.meta.env.VITE_ADMOB_BANNER_ANDROID;
}

/**
 * PRODUCT.md › Native apps: size BANNER at the bottom centre, margin −13 on iOS (the home
 * indicator's inset the web view already pads) and 0 elsewhere, test ads outside a production
 * build.
 */
export function bannerOptions(platform: PlatformName, isProduction: boolean): BannerAdOptions {
  const unitPlatform = platform === "ios" ? "ios" : "android";
  const ownUnit = isProduction ? productionBannerUnit(unitPlatform) : undefined;
  return {
    adId: ownUnit || SAMPLE_BANNER_UNITS[unitPlatform],
    adSize: BannerAdSize.BANNER,
    position: BannerAdPosition.BOTTOM_CENTER,
    margin: platform === "ios" ? -13 : 0,
    isTesting: !isProduction,
  };
}

export interface BannerAdDependencies {
  plugin: BannerAdPlugin;
  platform: PlatformName;
  isProduction: boolean;
  /** The memo modal's visibility (src/overlays/modal.ts); answers an unsubscribe function. */
  onModalVisibility: (listener: (isOpen: boolean) => void) => () => void;
  /** Records a problem (console and the server's error log). */
  reportError: (message: string) => void;
}

/**
 * Starts the banner: checks tracking authorization (notDetermined is logged as an error,
 * PRODUCT.md › Native apps), initializes the SDK, shows the banner, then hides it while a modal is
 * open and resumes it when the last one closes. Plugin calls run one after another so a quick
 * open-close cannot reorder them. Answers a function that stops following the modal.
 */
export async function startBannerAd(deps: BannerAdDependencies): Promise<() => void> {
  const { plugin } = deps;
  let isModalOpen = false;
  let isShown = false;
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = (call: () => Promise<void>, what: string) => {
    queue = queue.then(call).catch((error: unknown) => deps.reportError(`${what}: ${error}`));
  };
  // Subscribed before the banner shows: a modal opened during start-up must still hide it.
  const unsubscribe = deps.onModalVisibility((isOpen) => {
    isModalOpen = isOpen;
    if (!isShown) return;
    enqueue(() => (isOpen ? plugin.hideBanner() : plugin.resumeBanner()), "banner visibility");
  });

  const { status } = await plugin.trackingAuthorizationStatus();
  if (status === "notDetermined") {
    deps.reportError("ads: tracking authorization status is notDetermined");
  }
  await plugin.initialize({ initializeForTesting: !deps.isProduction });
  await plugin.showBanner(bannerOptions(deps.platform, deps.isProduction));
  isShown = true;
  if (isModalOpen) enqueue(() => plugin.hideBanner(), "banner visibility");
  await queue;
  return unsubscribe;
}
