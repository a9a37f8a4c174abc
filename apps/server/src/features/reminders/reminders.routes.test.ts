import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/helpers/client.js";
import { buildFolder, buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { dialect, startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../../../test/helpers/users.js";
import { sendDueReminders } from "./reminders.service.js";

const CHILD = fileURLToPath(
  new URL("../../../test/helpers/send-reminders-child.mjs", import.meta.url),
);
// 2026-11-23 23:00 UTC: 11-24 08:00 in Seoul, 11-23 18:00 in New York.
const SEOUL_EIGHT = Date.UTC(2026, 10, 23, 23, 0);
let clock = SEOUL_EIGHT;
let server: TestServer;
const silent = { warn: () => {} };

beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(async () => {
  await server.close();
});

/** Runs one reminder round at `now` in a process of its own; answers how many it sent. */
function sendInChild(now: number): Promise<number> {
  const { config } = server;
  const options = {
    database: config.database,
    smtpUrl: config.mail.smtpUrl,
    publicUrl: config.publicUrl,
    secret: config.secret,
    now,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=@mnemo/source", CHILD, JSON.stringify(options)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(Number(out.trim())) : reject(new Error(`child exited ${code}`)),
    );
  });
}

/**
 * Posts the unsubscribe form as a browser does from the link's page: form-encoded, `Origin:
 * null` (the page's no-referrer policy), no anti-forgery header, with a session's cookies if any.
 */
async function postUnsubscribeForm(token: string, cookie?: string) {
  const response = await fetch(`${server.baseUrl}/api/reminders/unsubscribe`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "null",
      ...(cookie && { cookie }),
    },
    body: new URLSearchParams({ token }).toString(),
  });
  return { status: response.status, text: await response.text() };
}

const digestsTo = (email: string) =>
  server.mailbox.received.filter((mail) => mail.to === email && mail.text.includes("/review"));

/** A verified user with two memos on the home list and the reminder at `time` in `timeZone`. */
async function userWithReminder(
  time: string,
  timeZone: string,
  lang: "ko" | "en" = "ko",
): Promise<SignedUpUser> {
  const user = await signUpVerified(server, { lang });
  const saved = clock;
  clock = SEOUL_EIGHT - 30 * 86_400_000;
  await buildMemo(user.client, { folderId: "root", title: "오래된 메모 <b>" });
  clock = SEOUL_EIGHT - 86_400_000;
  await buildMemo(user.client, { folderId: "root", title: "어제 메모" });
  clock = saved;
  const response = await user.client.patch("/api/me", {
    reminder: { enabled: true, time, timeZone },
  });
  expect(response.status).toBe(200);
  return user;
}

describe("PATCH /api/me reminder", () => {
  let client: TestClient;
  beforeAll(async () => {
    ({ client } = await signUpVerified(server));
  });

  it("is null until saved, then saved whole and answered by GET /api/me", async () => {
    expect((await client.get("/api/me")).body.user.reminder).toBeNull();
    const reminder = { enabled: true, time: "07:45", timeZone: "Asia/Kathmandu" };
    const response = await client.patch("/api/me", { reminder });
    expect(response.status).toBe(200);
    expect(response.body.user.reminder).toEqual(reminder);
    expect((await client.get("/api/me")).body.user.reminder).toEqual(reminder);
    const off = await client.patch("/api/me", { reminder: { ...reminder, enabled: false } });
    expect(off.body.user.reminder).toEqual({ ...reminder, enabled: false });
    // Other edits leave it alone.
    const renamed = await client.patch("/api/me", { name: "이름" });
    expect(renamed.body.user.reminder).toEqual({ ...reminder, enabled: false });
  });

  it.each([
    [{ enabled: true, time: "24:00", timeZone: "UTC" }, "reminder.time"],
    [{ enabled: true, time: "7:45", timeZone: "UTC" }, "reminder.time"],
    [{ enabled: true, time: "07:45", timeZone: "Asia/Busan" }, "reminder.timeZone"],
    [{ enabled: true, time: "07:45", timeZone: "+09:00" }, "reminder.timeZone"],
    [{ enabled: "yes", time: "07:45", timeZone: "UTC" }, "reminder.enabled"],
    [{ enabled: true, time: "07:45" }, "reminder.timeZone"],
  ])("refuses %o with VALIDATION_FAILED at %s", async (reminder, path) => {
    const response = await client.patch("/api/me", { reminder });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ path }));
  });

  it("answers 401 UNAUTHENTICATED when signed out", async () => {
    const response = await server.client().patch("/api/me", {
      reminder: { enabled: true, time: "07:45", timeZone: "UTC" },
    });
    expect(response.status).toBe(401);
  });
});

describe("daily reminder digest", () => {
  it("mails the due count, the most due titles first, /review and an unsubscribe link, in the user's language", async () => {
    const user = await userWithReminder("08:00", "Asia/Seoul");
    clock = SEOUL_EIGHT + 5 * 60_000;
    expect(await sendDueReminders({ ...server.app.deps }, silent)).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = digestsTo(user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("[Mnemo] 오늘 복습할 메모 2개");
    const text = mail?.text ?? "";
    expect(text.indexOf("- 오래된 메모 <b>")).toBeGreaterThan(0);
    expect(text.indexOf("- 오래된 메모 <b>")).toBeLessThan(text.indexOf("- 어제 메모"));
    expect(mail?.links).toContain(`${server.baseUrl}/review`);
    expect(mail?.html).toContain("오래된 메모 &lt;b&gt;");
  });

  it("writes in English to an English user and counts only memos not reviewed today", async () => {
    const user = await userWithReminder("18:00", "America/New_York", "en");
    const memo = await buildMemo(user.client, { folderId: "root", title: "Reviewed" });
    await user.client.post(`/api/memos/${memo.id}/reviews`, { opId: newOpId("remind") });
    clock = SEOUL_EIGHT;
    await sendDueReminders({ ...server.app.deps }, silent);
    const [mail] = digestsTo(user.email);
    expect(mail?.subject).toBe("[Mnemo] 2 memos to review today");
    expect(mail?.text).not.toContain("Reviewed");
  });

  it("lists due FSRS memos first and counts them with the home list's memos", async () => {
    const user = await userWithReminder("08:00", "Asia/Seoul", "en");
    const folder = await buildFolder(user.client, { title: "FSRS" });
    await user.client.patch(`/api/folders/${folder.id}`, { scheduler: "fsrs" });
    clock = SEOUL_EIGHT - 2 * 86_400_000;
    await buildMemo(user.client, { folderId: folder.id, title: "FSRS new card" });
    clock = SEOUL_EIGHT + 3 * 86_400_000;
    await sendDueReminders({ ...server.app.deps }, silent);
    const [mail] = digestsTo(user.email);
    expect(mail?.subject).toBe("[Mnemo] 3 memos to review today");
    const text = mail?.text ?? "";
    expect(text.indexOf("- FSRS new card")).toBeGreaterThan(0);
    expect(text.indexOf("- FSRS new card")).toBeLessThan(text.indexOf("- 오래된 메모 <b>"));
  });

  it("sends nothing before the time or an hour after it, and nothing when switched off", async () => {
    const early = await userWithReminder("08:01", "Asia/Seoul");
    const late = await userWithReminder("06:59", "Asia/Seoul");
    const off = await userWithReminder("08:00", "Asia/Seoul");
    await off.client.patch("/api/me", {
      reminder: { enabled: false, time: "08:00", timeZone: "Asia/Seoul" },
    });
    clock = SEOUL_EIGHT;
    await sendDueReminders({ ...server.app.deps }, silent);
    for (const user of [early, late, off]) expect(digestsTo(user.email)).toEqual([]);
  });

  it("sends one digest per user and day across two processes at once and a restart", async () => {
    const users = [
      await userWithReminder("08:00", "Asia/Seoul"),
      await userWithReminder("08:00", "Asia/Seoul", "en"),
    ];
    const at = SEOUL_EIGHT + 10 * 60_000;
    // Two processes share one database only on PostgreSQL; on SQLite they take turns.
    const [first, second] =
      dialect === "postgres"
        ? await Promise.all([sendInChild(at), sendInChild(at)])
        : [await sendInChild(at), await sendInChild(at)];
    // The restarted server, a minute later, the same local day.
    const third = await sendInChild(at + 60_000);
    expect((first ?? 0) + (second ?? 0) + third).toBeGreaterThanOrEqual(2);
    expect(third).toBe(0);
    for (const user of users) {
      await server.mailbox.waitFor(user.email, (mail) => mail.text.includes("/review"));
      expect(digestsTo(user.email)).toHaveLength(1);
    }
    // The next local day sends again.
    const nextDay = await sendInChild(at + 86_400_000);
    expect(nextDay).toBeGreaterThanOrEqual(2);
    for (const user of users) {
      await server.mailbox.waitFor(user.email, () => digestsTo(user.email).length === 2);
    }
  });

  it("unsubscribes with the link: GET shows a button and changes nothing, POST switches off", async () => {
    const user = await userWithReminder("08:00", "Asia/Seoul", "en");
    clock = SEOUL_EIGHT + 2 * 86_400_000;
    await sendDueReminders({ ...server.app.deps }, silent);
    const [mail] = digestsTo(user.email);
    const link = mail?.links.find((href) => href.includes("/api/reminders/unsubscribe")) ?? "";
    expect(link).not.toBe("");
    const anonymous = server.client();
    const page = await anonymous.request("GET", link.replace(server.baseUrl, ""));
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post" action="/api/reminders/unsubscribe">');
    expect(page.body).toContain("Turn off reminders");
    expect((await user.client.get("/api/me")).body.user.reminder.enabled).toBe(true);

    const token = new URL(link).searchParams.get("token") ?? "";
    // Signed out, then again from a browser that is signed in (its cookies, no token header).
    for (const cookie of [undefined, user.client.cookieHeader()]) {
      const done = await postUnsubscribeForm(token, cookie);
      expect(done.status).toBe(200);
      expect(done.text).toContain("Review reminders are off");
    }
    expect((await user.client.get("/api/me")).body.user.reminder.enabled).toBe(false);
  });

  it("refuses a forged or altered token with 404 and a missing one with 400", async () => {
    const anonymous = server.client();
    const forged = await postUnsubscribeForm("dXNlcg.abc");
    expect(forged.status).toBe(404);
    const page = await anonymous.request("GET", "/api/reminders/unsubscribe?token=x.y");
    expect(page.status).toBe(404);
    const missing = await anonymous.request("GET", "/api/reminders/unsubscribe");
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("VALIDATION_FAILED");
  });
});
