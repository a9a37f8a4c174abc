import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";

/**
 * Waits for a mail to `to` in the server's file outbox (DATA_DIR/mail, used when SMTP_URL is
 * unset) and returns the links of its text part. The .eml bodies are MIME-encoded
 * (quoted-printable with soft line breaks, or base64 for Korean text), so they are decoded with
 * a real MIME parser rather than read as text.
 *
 * @param {string} outboxDir
 * @param {string} to recipient address
 * @param {number} since only files written at or after this epoch ms count
 * @returns {Promise<{ subject: string, links: string[] }>}
 */
export async function waitForMail(outboxDir, to, since, timeoutMs = 10_000) {
  const safeTo = to.replace(/[^a-zA-Z0-9@._-]/g, "_");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const newest = newestMailFile(outboxDir, safeTo, since);
    if (newest) {
      const parsed = await simpleParser(readFileSync(newest));
      const text = parsed.text ?? "";
      const html = typeof parsed.html === "string" ? parsed.html : "";
      const links = [...(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
      for (const match of html.matchAll(/href="(https?:\/\/[^"]+)"/g)) {
        links.push(match[1].replaceAll("&amp;", "&"));
      }
      return { subject: parsed.subject ?? "", links };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to} appeared in ${outboxDir} within ${timeoutMs} ms`);
}

function newestMailFile(outboxDir, safeTo, since) {
  let names;
  try {
    names = readdirSync(outboxDir);
  } catch {
    return null;
  }
  let newest = null;
  let newestTime = -1;
  for (const name of names) {
    if (!name.endsWith(".eml") || !name.includes(safeTo)) continue;
    const file = join(outboxDir, name);
    const time = statSync(file).mtimeMs;
    if (time >= since - 1000 && time > newestTime) {
      newest = file;
      newestTime = time;
    }
  }
  return newest;
}
