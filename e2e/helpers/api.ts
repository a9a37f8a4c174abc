import type { APIResponse, BrowserContext } from "playwright-core";
import { type Mailbox, waitForLink } from "./mailbox.js";

// Set-up through the server's HTTP API inside a browser context: the context's cookie jar is the
// page's, so an account created and signed in here is the page's signed-in user. Journeys use it
// only for what they are not about (e.g. another user's memo); what they test goes through the UI.

export async function xsrfHeader(
  context: BrowserContext,
  baseURL: string,
): Promise<Record<string, string>> {
  let token = (await context.cookies(baseURL)).find((cookie) => cookie.name === "XSRF-TOKEN");
  if (!token) {
    await context.request.get(`${baseURL}/api/csrf`);
    token = (await context.cookies(baseURL)).find((cookie) => cookie.name === "XSRF-TOKEN");
  }
  return { "x-xsrf-token": token?.value ?? "", origin: baseURL };
}

async function expectOk(response: APIResponse, what: string): Promise<unknown> {
  if (!response.ok())
    throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return text === "" ? undefined : JSON.parse(text);
}

/** A state-changing API call with the anti-forgery header, as the app sends it. */
export async function apiSend(
  context: BrowserContext,
  baseURL: string,
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  data?: unknown,
): Promise<unknown> {
  const response = await context.request.fetch(`${baseURL}${path}`, {
    method,
    headers: await xsrfHeader(context, baseURL),
    ...(data !== undefined && { data }),
  });
  return expectOk(response, `${method} ${path}`);
}

/**
 * Signs up `email`, follows the verification link of the real mail, and signs in: the context
 * is then signed in as that user.
 */
export async function createVerifiedUser(
  context: BrowserContext,
  baseURL: string,
  mailbox: Mailbox,
  user: { email: string; password: string; name: string; lang: "ko" | "en" },
): Promise<{ id: string }> {
  await apiSend(context, baseURL, "POST", "/api/auth/sign-up/email", user);
  const link = await waitForLink(mailbox, user.email, { link: /verify-email/ });
  await context.request.get(link, { maxRedirects: 0 });
  await apiSend(context, baseURL, "POST", "/api/auth/sign-in/email", {
    email: user.email,
    password: user.password,
  });
  const me = (await expectOk(await context.request.get(`${baseURL}/api/me`), "GET /api/me")) as {
    user: { id: string };
  };
  return { id: me.user.id };
}

/** A memo in the user's root folder, made through the API. */
export async function createMemo(
  context: BrowserContext,
  baseURL: string,
  memo: { title: string; contents: string; folderId?: string },
): Promise<{ id: string }> {
  const body = (await apiSend(context, baseURL, "POST", "/api/memos", {
    folderId: "root",
    ...memo,
  })) as { memo: { id: string } };
  return { id: body.memo.id };
}
