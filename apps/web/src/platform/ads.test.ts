import { afterEach, describe, expect, it } from "vitest";
import { onModalVisibility, presentModal } from "../overlays/modal";
import { overlayStore } from "../overlays/overlay-store";
import { type BannerAdPlugin, bannerOptions, startBannerAd } from "./ads";
import type { PlatformName } from "./platform";

// The banner's orchestration against a fake AdMob plugin (native plugins cannot run here): the
// fake records each call; the modal service is the app's real one.

type TrackingStatus = "authorized" | "denied" | "notDetermined" | "restricted";

function fakeAdMob(status: TrackingStatus = "authorized") {
  const calls: { name: string; options?: unknown }[] = [];
  const plugin: BannerAdPlugin = {
    trackingAuthorizationStatus: async () => {
      calls.push({ name: "trackingAuthorizationStatus" });
      return { status };
    },
    initialize: async (options) => {
      calls.push({ name: "initialize", options });
    },
    showBanner: async (options) => {
      calls.push({ name: "showBanner", options });
    },
    hideBanner: async () => {
      calls.push({ name: "hideBanner" });
    },
    resumeBanner: async () => {
      calls.push({ name: "resumeBanner" });
    },
  };
  return { plugin, calls, names: () => calls.map((call) => call.name) };
}

async function start(
  platform: PlatformName,
  options: { isProduction?: boolean; status?: TrackingStatus } = {},
) {
  const fake = fakeAdMob(options.status);
  const errors: string[] = [];
  const stop = await startBannerAd({
    plugin: fake.plugin,
    platform,
    isProduction: options.isProduction ?? true,
    onModalVisibility,
    reportError: (message) => errors.push(message),
  });
  stops.push(stop);
  return { ...fake, errors };
}

/** Lets the banner's queued plugin calls run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function closeModals() {
  for (const overlay of overlayStore.snapshot()) {
    if (overlay.kind === "modal") overlay.resolve(undefined);
  }
}

const stops: (() => void)[] = [];
afterEach(() => {
  closeModals();
  for (const stop of stops.splice(0)) stop();
});

describe("bannerOptions", () => {
  it("is a BANNER at the bottom centre, margin −13 on iOS", () => {
    expect(bannerOptions("ios", true)).toMatchObject({
      adSize: "BANNER",
      position: "BOTTOM_CENTER",
      margin: -13,
      isTesting: false,
    });
  });

  it("has margin 0 on Android", () => {
    expect(bannerOptions("android", true)).toMatchObject({
      adSize: "BANNER",
      position: "BOTTOM_CENTER",
      margin: 0,
    });
  });

  it("shows test ads from Google's sample units outside a production build", () => {
    expect(bannerOptions("ios", false)).toMatchObject({
      isTesting: true,
      adId: "ca-app-pub-3940256099942544/2934735716",
    });
    expect(bannerOptions("android", false)).toMatchObject({
      isTesting: true,
      adId: "ca-app-pub-3940256099942544/6300978111",
    });
  });
});

describe("startBannerAd", () => {
  it("checks tracking, initializes, then shows the banner with the platform's options", async () => {
    const { calls, names } = await start("ios");
    expect(names()).toEqual(["trackingAuthorizationStatus", "initialize", "showBanner"]);
    expect(calls[1]?.options).toEqual({ initializeForTesting: false });
    expect(calls[2]?.options).toEqual(bannerOptions("ios", true));
  });

  it("initializes for testing outside a production build", async () => {
    const { calls } = await start("android", { isProduction: false });
    expect(calls[1]?.options).toEqual({ initializeForTesting: true });
    expect(calls[2]?.options).toMatchObject({ isTesting: true, margin: 0 });
  });

  it("hides the banner while a modal is open and resumes it when it closes", async () => {
    const { names } = await start("ios");
    void presentModal("memo", () => null);
    // A second sheet never stacks on the first (issue 12 §3): it is answered "dismissed" at once
    // and neither hides nor resumes the banner.
    const second = await presentModal("nested", () => null);
    await settle();
    expect(second).toBeUndefined();
    expect(names().slice(3)).toEqual(["hideBanner"]);

    const [first] = overlayStore.snapshot().filter((overlay) => overlay.kind === "modal");
    first?.resolve(undefined);
    await settle();
    expect(names().slice(3)).toEqual(["hideBanner", "resumeBanner"]);
  });

  it("hides the banner as soon as it shows when a modal opened during start-up", async () => {
    const fake = fakeAdMob();
    const starting = startBannerAd({
      plugin: fake.plugin,
      platform: "android",
      isProduction: true,
      onModalVisibility,
      reportError: () => {},
    });
    void presentModal("memo", () => null);
    stops.push(await starting);
    expect(fake.names()).toEqual([
      "trackingAuthorizationStatus",
      "initialize",
      "showBanner",
      "hideBanner",
    ]);
  });

  it("stops following the modal once stopped", async () => {
    const { names } = await start("ios");
    for (const stop of stops.splice(0)) stop();
    void presentModal("memo", () => null);
    await settle();
    expect(names()).not.toContain("hideBanner");
  });

  it("logs an error when tracking authorization is notDetermined, and still shows the banner", async () => {
    const { errors, names } = await start("ios", { status: "notDetermined" });
    expect(errors).toEqual([expect.stringContaining("notDetermined")]);
    expect(names()).toContain("showBanner");
  });

  it.each<TrackingStatus>(["authorized", "denied", "restricted"])(
    "logs nothing when tracking authorization is %s",
    async (status) => {
      const { errors } = await start("ios", { status });
      expect(errors).toEqual([]);
    },
  );
});
