import type { DeviceInfo } from "@capacitor/device";

/** What the device info needs of the Device plugin; tests hand in a fake. */
export interface DeviceInfoPlugin {
  getInfo(): Promise<DeviceInfo>;
}

/** The signed-in user's id and the device info stored on their record. */
export interface SignedInUser {
  id: string;
  deviceInfo: string;
}

/**
 * `deviceInfo` (PRODUCT.md › Users): the fields it lists (model, platform, OS version,
 * manufacturer, isVirtual, web-view version) as one JSON string.
 */
export function describeDevice(info: DeviceInfo): string {
  return JSON.stringify({
    model: info.model,
    platform: info.platform,
    operatingSystem: info.operatingSystem,
    osVersion: info.osVersion,
    manufacturer: info.manufacturer,
    isVirtual: info.isVirtual,
    webViewVersion: info.webViewVersion,
  });
}

export interface DeviceInfoDependencies {
  plugin: DeviceInfoPlugin;
  /** Calls the listener with the user whenever one is (or becomes) signed in; answers unsubscribe. */
  onSignedIn: (listener: (user: SignedInUser) => void) => () => void;
  /** PATCH /api/me with the new deviceInfo. */
  updateDeviceInfo: (deviceInfo: string) => Promise<void>;
  reportError: (message: string) => void;
}

/**
 * Stores the device info on the first user signed in after start (once per start: a later sign-in
 * as another user does not send it again); skipped when the record already holds the same text.
 */
export function storeDeviceInfoOnce(deps: DeviceInfoDependencies): () => void {
  let isDone = false;
  let unsubscribe: (() => void) | null = null;
  const stop = () => {
    isDone = true;
    unsubscribe?.();
  };
  unsubscribe = deps.onSignedIn((user) => {
    if (isDone) return;
    stop();
    void deps.plugin
      .getInfo()
      .then(describeDevice)
      .then((deviceInfo) =>
        deviceInfo === user.deviceInfo ? undefined : deps.updateDeviceInfo(deviceInfo),
      )
      .catch((error: unknown) => deps.reportError(`device info: ${error}`));
  });
  // The listener may have fired synchronously, before `unsubscribe` was assigned.
  if (isDone) unsubscribe();
  return stop;
}
