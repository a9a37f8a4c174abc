import { type DefaultTreeAdapterTypes, parse } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpLanguage } from "../../src/auth/auth.js";
import type { ReceivedMail } from "../helpers/mailbox.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { clientFromFreshIp, signUpVerified, uniqueEmail } from "../helpers/users.js";

// The verification and password-reset mails as the test SMTP server received them: a text part
// and an HTML document, in the account's language (at sign-up: the body's `lang`, else the
// request's Accept-Language), with the product's name, greeting the user by a name that stays
// text however it is written (read with parse5, as a mail client's HTML parser reads it).

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function elementsOf(node: ParentNode): Element[] {
  return node.childNodes.flatMap((child) => {
    const element = "tagName" in child ? [child as Element] : [];
    return "childNodes" in child ? [...element, ...elementsOf(child as ParentNode)] : element;
  });
}

function textOf(node: ParentNode): string {
  return node.childNodes
    .map((child) => {
      if (child.nodeName === "#text" && "value" in child) return child.value;
      return "childNodes" in child ? textOf(child as ParentNode) : "";
    })
    .join("");
}

/** The HTML part as a parser reads it: its language, paragraphs' text, links and tag names. */
function readHtml(mail: ReceivedMail) {
  const document = parse(mail.html);
  const elements = elementsOf(document);
  const attr = (element: Element | undefined, name: string) =>
    element?.attrs.find((a) => a.name === name)?.value;
  return {
    lang: attr(
      elements.find((e) => e.tagName === "html"),
      "lang",
    ),
    heading: textOf(elements.find((e) => e.tagName === "h1") as Element),
    paragraphs: elements.filter((e) => e.tagName === "p").map((p) => textOf(p)),
    hrefs: elements.filter((e) => e.tagName === "a").map((a) => attr(a, "href")),
    tags: [...new Set(elements.map((e) => e.tagName))].sort(),
  };
}

const NAME_PAYLOAD = `<img src=x onerror=alert(1)> "Kim" & <b>Lee</b>`;

describe("the verification mail", () => {
  it("greets by the name as text, in English when signed up in English, HTML and text", async () => {
    const email = uniqueEmail("mail-en");
    const signUp = await clientFromFreshIp(server).post("/api/auth/sign-up/email", {
      email,
      password: "correct horse battery",
      name: NAME_PAYLOAD,
      lang: "en",
    });
    expect(signUp.status).toBe(200);
    const mail = await server.mailbox.waitFor(email);
    expect(mail.subject).toBe("[Mnemo] Verify your e-mail address");
    const link = mail.links.find((l) => l.includes("/api/auth/verify-email?"));
    expect(link).toBeDefined();
    expect(mail.text).toContain(`Hello ${NAME_PAYLOAD},`);
    expect(mail.text).toContain("Mnemo");

    const html = readHtml(mail);
    expect(html.lang).toBe("en");
    expect(html.heading).toBe("Mnemo");
    expect(html.paragraphs[0]).toBe(`Hello ${NAME_PAYLOAD},`);
    expect(html.paragraphs.join(" ")).toContain("Open the link below to verify");
    // The name is text: no element or attribute of it reached the document.
    expect(html.tags).toEqual(["a", "body", "br", "h1", "head", "html", "meta", "p", "title"]);
    expect(mail.html).not.toMatch(/<img|<b>/i);
    expect(html.hrefs).toEqual([link, link]);
  });

  it.each([
    ["en-US,en;q=0.9,ko;q=0.8", "[Mnemo] Verify your e-mail address", "en"],
    ["ko-KR,ko;q=0.9,en;q=0.5", "[Mnemo] 이메일 주소를 인증해 주세요", "ko"],
    ["fr-FR,en;q=0.7,ko;q=0.3", "[Mnemo] Verify your e-mail address", "en"],
    ["fr-FR", "[Mnemo] 이메일 주소를 인증해 주세요", "ko"],
  ])(
    "without a lang in the body follows Accept-Language %s",
    async (acceptLanguage, subject, lang) => {
      const email = uniqueEmail("mail-accept");
      const signUp = await clientFromFreshIp(server).post(
        "/api/auth/sign-up/email",
        { email, password: "correct horse battery", name: "민수" },
        { headers: { "accept-language": acceptLanguage } },
      );
      expect(signUp.status).toBe(200);
      const mail = await server.mailbox.waitFor(email);
      expect(mail.subject).toBe(subject);
      expect(readHtml(mail).lang).toBe(lang);
    },
  );
});

describe("the password-reset mail", () => {
  it("is in the account's language (ko), greets by the Korean name, with the product's name", async () => {
    const { email } = await signUpVerified(server, { name: "김민수", lang: "ko" });
    const request = await clientFromFreshIp(server).post(
      "/api/auth/request-password-reset",
      { email },
      // The account's language wins over the browser that asks.
      { headers: { "accept-language": "en-US" } },
    );
    expect(request.status).toBe(200);
    const mail = await server.mailbox.waitFor(email, (m) => m.subject.includes("비밀번호"));
    expect(mail.subject).toBe("[Mnemo] 비밀번호 재설정");
    expect(mail.text).toContain("김민수님, 안녕하세요.");
    expect(mail.text).toContain("Mnemo 드림");
    const html = readHtml(mail);
    expect(html.lang).toBe("ko");
    expect(html.paragraphs[0]).toBe("김민수님, 안녕하세요.");
    const link = mail.links.find((l) => l.includes("/find-account?token="));
    expect(html.hrefs).toEqual([link, link]);
  });
});

describe("signUpLanguage", () => {
  it.each([
    [{ lang: "en" }, "ko-KR", "en"],
    [{ lang: "ko" }, "en-US", "ko"],
    [{ lang: "fr" }, "en-US", "en"],
    [{}, "en-GB,en;q=0.9", "en"],
    [{}, "ko;q=0.5, en;q=0.8", "en"],
    [{}, "en;q=0, ko", "ko"],
    [{}, "", "ko"],
    [undefined, null, "ko"],
  ])("answers for body %j and Accept-Language %j: %s", (body, accept, expected) => {
    expect(signUpLanguage(body, accept)).toBe(expected);
  });
});
