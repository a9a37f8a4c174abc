import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Config } from "../config.js";
import { noteMailFailure } from "./mail-failures.js";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** Longest part of an outbox file name taken from the address (names stay below 255 bytes). */
const MAX_NAME_ADDRESS = 100;

/** A mailer whose failures are also noted for the request that sent the mail (mail-failures). */
function notingFailures(mailer: Mailer): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        noteMailFailure(error);
        throw error;
      }
    },
  };
}

/**
 * Sends mail over SMTP when SMTP_URL is set. Without it, each mail is written as an .eml file
 * under data/mail and its links are logged, so `npm start` works with no other service. A failed
 * send throws, and is noted for the request that sent it (see `watchMailFailures`).
 */
export function createMailer(mail: Config["mail"], log: Pick<FastifyBaseLogger, "info">): Mailer {
  return notingFailures(createTransportMailer(mail, log));
}

/**
 * nodemailer (~7 MB of heap) loads with the first mail, not at start (issue 14 › idle RSS); a
 * failed load fails that send, and the next one tries again.
 */
function lazyTransport(make: (nodemailer: typeof import("nodemailer")["default"]) => Transporter) {
  let transport: Promise<Transporter> | null = null;
  return (): Promise<Transporter> => {
    transport ??= import("nodemailer").then((module) => make(module.default));
    transport.catch(() => {
      transport = null;
    });
    return transport;
  };
}

function createTransportMailer(mail: Config["mail"], log: Pick<FastifyBaseLogger, "info">): Mailer {
  const { smtpUrl } = mail;
  if (smtpUrl) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport()).sendMail({ from: mail.from, ...message });
      },
    };
  }
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true }),
  );
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: mail.from, ...message });
      mkdirSync(mail.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_").slice(0, MAX_NAME_ADDRESS);
      const file = join(mail.outboxDir, `${Date.now()}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: message.to, subject: message.subject, file, links }, "mail written to file");
    },
  };
}
