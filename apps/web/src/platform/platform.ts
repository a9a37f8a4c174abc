/** Where the app runs: inside the Capacitor shell of a store app, or in a browser. */
export type PlatformName = "ios" | "android" | "web";

interface CapacitorBridge {
  isNativePlatform(): boolean;
  getPlatform(): string;
}

/**
 * The native shell injects `window.Capacitor` before any script of the page runs, so reading it
 * answers without importing @capacitor/core: the web build keeps none of Capacitor in its first
 * route, and the plugins are imported only once this says native.
 */
function bridge(): CapacitorBridge | undefined {
  return (globalThis as { Capacitor?: CapacitorBridge }).Capacitor;
}

export function isNative(): boolean {
  return bridge()?.isNativePlatform() === true;
}

export function platformName(): PlatformName {
  const name = isNative() ? bridge()?.getPlatform() : "web";
  return name === "ios" || name === "android" ? name : "web";
}

/**
 * A production build (web or native): ads are real and the service worker registers. Dev
 * servers and tests are not.
 */
export const isProductionBuild: boolean = import.meta.env.PROD;
