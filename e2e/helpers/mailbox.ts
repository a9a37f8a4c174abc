import { Mailbox, type ReceivedMail } from "../../apps/server/test/helpers/mailbox.js";

export { Mailbox, type ReceivedMail };

const openMailboxes = new Set<Mailbox>();

/** The server tests' SMTP sink on a free loopback port; give its `url` to startMnemo. */
export async function startMailbox(): Promise<Mailbox> {
  const mailbox = new Mailbox();
  await mailbox.start();
  openMailboxes.add(mailbox);
  // Stopping twice (a spec's afterAll, then setup.ts's) must not wait on a closed server.
  const stop = mailbox.stop.bind(mailbox);
  let stopped: Promise<void> | null = null;
  mailbox.stop = () => {
    openMailboxes.delete(mailbox);
    stopped ??= stop();
    return stopped;
  };
  return mailbox;
}

export interface WaitForLinkOptions {
  /** Only mails whose subject or text matches, e.g. /verif/i. */
  mail?: RegExp;
  /** Only links that match, e.g. /\/api\/auth\/verify-email/; unset: the mail's first link. */
  link?: RegExp;
  timeoutMs?: number;
}

/**
 * Waits for the first mail to `to` (optionally matching) and returns its first link (optionally
 * matching): the verification or password-reset URL a user would click.
 */
export async function waitForLink(
  mailbox: Mailbox,
  to: string,
  options: WaitForLinkOptions = {},
): Promise<string> {
  const { mail: mailPattern, link: linkPattern, timeoutMs } = options;
  const mail = await mailbox.waitFor(
    to,
    (m) => !mailPattern || mailPattern.test(m.subject) || mailPattern.test(m.text),
    timeoutMs,
  );
  const link = linkPattern ? mail.links.find((l) => linkPattern.test(l)) : mail.links[0];
  if (!link) {
    throw new Error(
      `the mail "${mail.subject}" to ${to} has no link${linkPattern ? ` matching ${linkPattern}` : ""}:\n${mail.text}`,
    );
  }
  return link;
}

/** Stops every mailbox still open (e2e/helpers/setup.ts does it after each file). */
export async function closeAllMailboxes(): Promise<void> {
  await Promise.all([...openMailboxes].map((mailbox) => mailbox.stop()));
}
