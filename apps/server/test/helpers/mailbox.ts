import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part, in order. */
  links: string[];
}

/**
 * A real SMTP server on a free loopback port that keeps what it receives, so tests read the
 * e-mails the app really sent (verification, password reset) and follow their links.
 */
export class Mailbox {
  readonly received: ReceivedMail[] = [];
  private readonly waiters: Array<() => void> = [];
  private server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed: ParsedMail) => {
            const text = parsed.text ?? "";
            for (const rcpt of session.envelope.rcptTo) {
              this.received.push({
                to: rcpt.address.toLowerCase(),
                subject: parsed.subject ?? "",
                text,
                html: typeof parsed.html === "string" ? parsed.html : "",
                links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
              });
            }
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const address = this.server.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits for the first mail to `to` whose subject or text matches, received after `since`. */
  async waitFor(
    to: string,
    match: (mail: ReceivedMail) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find((m) => m.to === to.toLowerCase() && match(m));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(resolve) : resolve()));
  }
}
