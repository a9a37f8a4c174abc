import { escapeHtml, type Language } from "@mnemo/domain";
import type { OutgoingMail } from "../mail/mailer.js";

// The two e-mails of the account flows, in the user's interface language (ko is the default):
// a plain-text part and an HTML document with the same words, signed with the product's name.

/** The product's name, as the mails sign with it. */
const PRODUCT_NAME = "Mnemo";

interface LinkMailText {
  subject: string;
  body: string;
  action: string;
  ignore: string;
}

const commonText = {
  ko: {
    greeting: (name: string) => (name ? `${name}님, 안녕하세요.` : "안녕하세요."),
    linkHelp: "버튼이 열리지 않으면 이 주소를 브라우저에 붙여 넣으세요:",
    signature: `${PRODUCT_NAME} 드림`,
  },
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : "Hello,"),
    linkHelp: "If the button does not open, paste this address into your browser:",
    signature: `The ${PRODUCT_NAME} team`,
  },
} as const;

const verifyEmailText: Record<Language, LinkMailText> = {
  ko: {
    subject: `[${PRODUCT_NAME}] 이메일 주소를 인증해 주세요`,
    body: `아래 링크를 열어 ${PRODUCT_NAME} 이메일 주소 인증을 완료해 주세요. 링크는 1시간 동안 유효합니다.`,
    action: "이메일 인증하기",
    ignore: "요청하지 않았다면 이 메일을 무시하세요.",
  },
  en: {
    subject: `[${PRODUCT_NAME}] Verify your e-mail address`,
    body: `Open the link below to verify your e-mail address for ${PRODUCT_NAME}. It is valid for one hour.`,
    action: "Verify e-mail",
    ignore: "If you did not ask for this, ignore this e-mail.",
  },
};

const resetPasswordText: Record<Language, LinkMailText> = {
  ko: {
    subject: `[${PRODUCT_NAME}] 비밀번호 재설정`,
    body: `아래 링크를 열어 ${PRODUCT_NAME}의 새 비밀번호를 설정해 주세요. 링크는 1시간 동안 유효합니다.`,
    action: "비밀번호 재설정",
    ignore: "요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.",
  },
  en: {
    subject: `[${PRODUCT_NAME}] Reset your password`,
    body: `Open the link below to choose a new password for ${PRODUCT_NAME}. It is valid for one hour.`,
    action: "Reset password",
    ignore: "If you did not ask for this, ignore this e-mail; your password stays the same.",
  },
};

/** Who a mail goes to: the address, the name to greet (may be empty) and the language. */
export interface MailRecipient {
  to: string;
  name: string;
  lang: Language;
}

/**
 * better-auth names anonymous users "Anonymous"; a mail never greets by it (a converted account
 * may still carry it when the sign-up form left the name out).
 */
function greetingName(name: string): string {
  const trimmed = name.trim();
  return trimmed === "Anonymous" ? "" : trimmed;
}

function linkMail(recipient: MailRecipient, text: LinkMailText, url: string): OutgoingMail {
  const { lang } = recipient;
  const common = commonText[lang];
  const greeting = common.greeting(greetingName(recipient.name));
  const href = escapeHtml(url);
  const paragraph = (words: string) => `<p>${escapeHtml(words)}</p>`;
  return {
    to: recipient.to,
    subject: text.subject,
    text:
      `${greeting}\n\n${text.body}\n\n${text.action}: ${url}\n\n${text.ignore}\n\n` +
      `${common.signature}\n`,
    html:
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(text.subject)}</title></head>` +
      `<body style="font-family: -apple-system, 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif; ` +
      `line-height: 1.6; color: #1c1c1e; word-break: keep-all;">` +
      `<h1 style="font-size: 22px; margin: 0 0 16px;">${escapeHtml(PRODUCT_NAME)}</h1>` +
      paragraph(greeting) +
      paragraph(text.body) +
      `<p><a href="${href}" style="display: inline-block; padding: 10px 18px; border-radius: 8px; ` +
      `background: #0058d0; color: #ffffff; text-decoration: none; font-weight: 600;">` +
      `${escapeHtml(text.action)}</a></p>` +
      `<p style="font-size: 13px; color: #6c6c70;">${escapeHtml(common.linkHelp)}<br>` +
      `<a href="${href}" style="color: #0058d0; word-break: break-all;">${href}</a></p>` +
      paragraph(text.ignore) +
      paragraph(common.signature) +
      `</body></html>`,
  };
}

/** The mail whose link verifies an address (after sign-up, on resend, or for a new address). */
export function verificationMail(recipient: MailRecipient, url: string): OutgoingMail {
  return linkMail(recipient, verifyEmailText[recipient.lang], url);
}

/** The mail whose link opens the web app's find-account screen with a reset token. */
export function passwordResetMail(recipient: MailRecipient, url: string): OutgoingMail {
  return linkMail(recipient, resetPasswordText[recipient.lang], url);
}
