import { escapeHtml, type Language } from "@mnemo/domain";
import type { OutgoingMail } from "../../mail/mailer.js";

// The daily reminder digest and the unsubscribe pages, in the user's language (ko is the default).

const digestText = {
  ko: {
    subject: (count: number) => `[Mnemo] 오늘 복습할 메모 ${count}개`,
    intro: (count: number) => `오늘 복습할 메모가 ${count}개 있습니다. 가장 급한 메모:`,
    action: "복습 시작하기",
    unsubscribe: "이 알림을 그만 받으려면 다음 링크를 여세요:",
  },
  en: {
    subject: (count: number) =>
      `[Mnemo] ${count} ${count === 1 ? "memo" : "memos"} to review today`,
    intro: (count: number) =>
      `You have ${count} ${count === 1 ? "memo" : "memos"} to review today. The most due:`,
    action: "Start review",
    unsubscribe: "To stop these reminders, open this link:",
  },
} as const;

const pageText = {
  ko: {
    title: "Mnemo 복습 알림",
    confirm: "매일 오는 복습 알림 메일을 그만 받으시겠습니까?",
    button: "알림 끄기",
    done: "복습 알림을 껐습니다. 계정 설정에서 다시 켤 수 있습니다.",
    invalid: "이 링크는 올바르지 않습니다.",
  },
  en: {
    title: "Mnemo review reminders",
    confirm: "Stop the daily review reminder e-mails?",
    button: "Turn off reminders",
    done: "Review reminders are off. You can turn them on again in your account settings.",
    invalid: "This link is not valid.",
  },
} as const;

/** The digest: how many memos are due, the most due titles, a link to /review, unsubscribe. */
export function reminderDigestMail(
  to: string,
  lang: Language,
  digest: {
    dueCount: number;
    titles: readonly string[];
    reviewUrl: string;
    unsubscribeUrl: string;
  },
): OutgoingMail {
  const text = digestText[lang];
  const list = digest.titles.map((title) => `- ${title}`).join("\n");
  return {
    to,
    subject: text.subject(digest.dueCount),
    text:
      `${text.intro(digest.dueCount)}\n\n${list}\n\n${text.action}: ${digest.reviewUrl}\n\n` +
      `${text.unsubscribe}\n${digest.unsubscribeUrl}\n`,
    html:
      `<p>${escapeHtml(text.intro(digest.dueCount))}</p>` +
      `<ul>${digest.titles.map((title) => `<li>${escapeHtml(title)}</li>`).join("")}</ul>` +
      `<p><a href="${escapeHtml(digest.reviewUrl)}">${escapeHtml(text.action)}</a></p>` +
      `<p>${escapeHtml(text.unsubscribe)} <a href="${escapeHtml(digest.unsubscribeUrl)}">` +
      `${escapeHtml(digest.unsubscribeUrl)}</a></p>`,
  };
}

function page(lang: Language, body: string): string {
  const text = pageText[lang];
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(text.title)}</title></head><body><main><h1>${escapeHtml(text.title)}</h1>` +
    `${body}</main></body></html>`
  );
}

/** The page of the e-mailed link: a question and a button that posts the token back. */
export function unsubscribeConfirmPage(lang: Language, action: string, token: string): string {
  const text = pageText[lang];
  return page(
    lang,
    `<p>${escapeHtml(text.confirm)}</p><form method="post" action="${escapeHtml(action)}">` +
      `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `<button type="submit">${escapeHtml(text.button)}</button></form>`,
  );
}

/** The page after the button: reminders are off. */
export function unsubscribedPage(lang: Language): string {
  return page(lang, `<p>${escapeHtml(pageText[lang].done)}</p>`);
}

/** The page for a link whose token is not ours. */
export function invalidLinkPage(lang: Language): string {
  return page(lang, `<p>${escapeHtml(pageText[lang].invalid)}</p>`);
}
