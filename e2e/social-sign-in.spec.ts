import { describe, expect, it } from "vitest";
import { newPage } from "./helpers/browser.js";
import { useMnemoStack } from "./helpers/stack.js";
import { tr } from "./helpers/strings.js";

// The login screen offers Google and Apple only when the server is configured for them.

describe("login without external providers", () => {
  const stack = useMnemoStack();

  it("shows neither Google nor Apple", async () => {
    const { page } = await newPage(stack.browser, {
      viewport: "desktop",
      lang: "en",
      baseURL: stack.server.url,
    });
    await page.goto("/login");
    await page.getByRole("button", { name: tr("en", "auth.login.anonymous") }).waitFor();
    expect(await page.getByRole("button", { name: tr("en", "auth.login.google") }).count()).toBe(0);
    expect(await page.getByRole("button", { name: tr("en", "auth.login.apple") }).count()).toBe(0);
  });
});

describe("login with Google configured", () => {
  const stack = useMnemoStack({
    env: {
      GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "test-secret",
    },
  });

  it("shows Google only, and its button leads to Google's consent page", async () => {
    const { page } = await newPage(stack.browser, {
      viewport: "phone",
      lang: "ko",
      baseURL: stack.server.url,
    });
    // Google's page is not reachable from here: the navigation is caught, not followed.
    let googleUrl = "";
    await page.route(/accounts\.google\.com/, async (route) => {
      googleUrl = route.request().url();
      await route.fulfill({ status: 200, contentType: "text/html", body: "<p>Google</p>" });
    });
    await page.goto("/login");
    const google = page.getByRole("button", { name: tr("ko", "auth.login.google") });
    await google.waitFor();
    expect(await page.getByRole("button", { name: tr("ko", "auth.login.apple") }).count()).toBe(0);
    await google.click();
    await expect
      .poll(() => googleUrl)
      .toContain("client_id=test-client.apps.googleusercontent.com");
  });
});
