import type { DeviceInfo } from "@capacitor/device";
import { describe, expect, it } from "vitest";
import { describeDevice, type SignedInUser, storeDeviceInfoOnce } from "./device-info";

// Storing the device info on the user, against a fake Device plugin that records its calls.

const PHONE: DeviceInfo = {
  name: "Kim's iPhone",
  model: "iPhone15,2",
  platform: "ios",
  operatingSystem: "ios",
  osVersion: "18.2",
  iOSVersion: 180200,
  manufacturer: "Apple",
  isVirtual: false,
  webViewVersion: "18.2",
};

function signedInEvents() {
  const listeners = new Set<(user: SignedInUser) => void>();
  return {
    onSignedIn: (listener: (user: SignedInUser) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn: (user: SignedInUser) => {
      for (const listener of [...listeners]) listener(user);
    },
    listenerCount: () => listeners.size,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(info: DeviceInfo = PHONE) {
  const events = signedInEvents();
  const sent: string[] = [];
  const errors: string[] = [];
  let getInfoCalls = 0;
  storeDeviceInfoOnce({
    plugin: {
      getInfo: async () => {
        getInfoCalls++;
        return info;
      },
    },
    onSignedIn: events.onSignedIn,
    updateDeviceInfo: async (deviceInfo) => {
      sent.push(deviceInfo);
    },
    reportError: (message) => errors.push(message),
  });
  return { events, sent, errors, getInfoCalls: () => getInfoCalls };
}

describe("describeDevice", () => {
  it("keeps the user record's device fields as one JSON string", () => {
    expect(JSON.parse(describeDevice(PHONE))).toEqual({
      model: "iPhone15,2",
      platform: "ios",
      operatingSystem: "ios",
      osVersion: "18.2",
      manufacturer: "Apple",
      isVirtual: false,
      webViewVersion: "18.2",
    });
  });
});

describe("storeDeviceInfoOnce", () => {
  it("sends the device info once per start, however often a user is signed in", async () => {
    const { events, sent, getInfoCalls } = setUp();
    expect(sent).toEqual([]);
    events.signIn({ id: "u1", deviceInfo: "" });
    events.signIn({ id: "u1", deviceInfo: "" });
    events.signIn({ id: "u2", deviceInfo: "" });
    await settle();
    expect(sent).toEqual([describeDevice(PHONE)]);
    expect(getInfoCalls()).toBe(1);
    expect(events.listenerCount()).toBe(0);
  });

  it("sends nothing when the user's record already holds the same device info", async () => {
    const { events, sent } = setUp();
    events.signIn({ id: "u1", deviceInfo: describeDevice(PHONE) });
    await settle();
    expect(sent).toEqual([]);
  });

  it("sends when the user is already known as it starts", async () => {
    const sent: string[] = [];
    storeDeviceInfoOnce({
      plugin: { getInfo: async () => PHONE },
      onSignedIn: (listener) => {
        listener({ id: "u1", deviceInfo: "old" });
        return () => {};
      },
      updateDeviceInfo: async (deviceInfo) => {
        sent.push(deviceInfo);
      },
      reportError: () => {},
    });
    await settle();
    expect(sent).toEqual([describeDevice(PHONE)]);
  });

  it("reports a failing plugin instead of throwing", async () => {
    const errors: string[] = [];
    const events = signedInEvents();
    storeDeviceInfoOnce({
      plugin: { getInfo: () => Promise.reject(new Error("no device")) },
      onSignedIn: events.onSignedIn,
      updateDeviceInfo: async () => {},
      reportError: (message) => errors.push(message),
    });
    events.signIn({ id: "u1", deviceInfo: "" });
    await settle();
    expect(errors).toEqual([expect.stringContaining("no device")]);
  });
});
