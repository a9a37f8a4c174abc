import { escapeHtml, type Language } from "@mnemo/domain";
import type { OutgoingMail } from "../mail/mailer.js";

// The two e-mails of the account flows, in the user's interface language (ko is the default).

const verifyEmailText = {
  ko: {
    subject: "[Mnemo] 이메일 주소를 인증해 주세요",
    body: "아래 링크를 열어 이메일 주소 인증을 완료해 주세요. 링크는 1시간 동안 유효합니다.",
    action: "이메일 인증하기",
    ignore: "요청하지 않았다면 이 메일을 무시하세요.",
  },
  en: {
    subject: "[Mnemo] Verify your e-mail address",
    body: "Open the link below to verify your e-mail address. It is valid for one hour.",
    action: "Verify e-mail",
    ignore: "If you did not ask for this, ignore this e-mail.",
  },
} as const;

const resetPasswordText = {
  ko: {
    subject: "[Mnemo] 비밀번호 재설정",
    body: "아래 링크를 열어 새 비밀번호를 설정해 주세요. 링크는 1시간 동안 유효합니다.",
    action: "비밀번호 재설정",
    ignore: "요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.",
  },
  en: {
    subject: "[Mnemo] Reset your password",
    body: "Open the link below to choose a new password. It is valid for one hour.",
    action: "Reset password",
    ignore: "If you did not ask for this, ignore this e-mail; your password stays the same.",
  },
} as const;

function linkMail(
  to: string,
  text: { subject: string; body: string; action: string; ignore: string },
  url: string,
): OutgoingMail {
  const href = escapeHtml(url);
  return {
    to,
    subject: text.subject,
    text: `${text.body}\n\n${url}\n\n${text.ignore}\n`,
    html: `<p>${escapeHtml(text.body)}</p><p><a href="${href}">${escapeHtml(text.action)}</a></p><p>${escapeHtml(text.ignore)}</p>`,
  };
}

/** The mail whose link verifies an address (after sign-up, on resend, or for a new address). */
export function verificationMail(to: string, url: string, lang: Language): OutgoingMail {
  return linkMail(to, verifyEmailText[lang], url);
}

/** The mail whose link opens the web app's find-account screen with a reset token. */
export function passwordResetMail(to: string, url: string, lang: Language): OutgoingMail {
  return linkMail(to, resetPasswordText[lang], url);
}
