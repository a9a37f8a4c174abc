import { waitForMail } from "./mail-outbox.mjs";

/**
 * The real account flow: sign-up, the verification link from the mailed .eml, sign-in; then the
 * anti-forgery cookie. Leaves `client` signed in.
 *
 * @param {import("./browser-client.mjs").BrowserClient} client
 * @param {string} mailDir the server's file outbox (DATA_DIR/mail)
 * @param {{ email: string, password: string, name: string }} user
 */
export async function createVerifiedUser(client, mailDir, user) {
  const since = Date.now();
  await client.expect("POST", "/api/auth/sign-up/email", user);
  const mail = await waitForMail(mailDir, user.email, since);
  const link = mail.links.find((l) => /verif/i.test(l)) ?? mail.links[0];
  if (!link) throw new Error(`the verification mail "${mail.subject}" has no link`);
  const url = new URL(link);
  await client.expect("GET", url.pathname + url.search, undefined, [301, 302, 303, 307, 308]);
  await client.expect("POST", "/api/auth/sign-in/email", {
    email: user.email,
    password: user.password,
  });
  await client.expect("GET", "/api/csrf");
}
