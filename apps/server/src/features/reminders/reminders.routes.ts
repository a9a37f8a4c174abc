import { DEFAULT_LANGUAGE, ErrorCode, reminderUnsubscribeInputSchema } from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import { invalidLinkPage, unsubscribeConfirmPage, unsubscribedPage } from "./reminder-mail.js";
import { UNSUBSCRIBE_PATH, unsubscribe, unsubscribeLinkLanguage } from "./reminders.service.js";

const tags = ["reminders"];
const htmlPage = z.string().describe("An HTML page in the user's language");
const HTML = "text/html; charset=utf-8";

/**
 * The unsubscribe link of the reminder digest, usable without signing in. Its GET only shows a
 * button (mail scanners that fetch every link change nothing); the button posts the token, which
 * switches the reminder off. Posting again changes nothing more.
 */
export async function reminderRoutes(app: FastifyInstance): Promise<void> {
  // The button's form arrives form-encoded; only these routes (this plugin's scope) read it.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    "/reminders/unsubscribe",
    {
      schema: routeSchema({
        tags,
        summary: "The e-mailed unsubscribe link: a page with a button that switches reminders off",
        querystring: reminderUnsubscribeInputSchema,
        response: { 200: htmlPage },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request, reply) => {
      const { token } = parseInput(reminderUnsubscribeInputSchema, request.query);
      const lang = await unsubscribeLinkLanguage(app.deps, token);
      reply.type(HTML);
      if (lang === null) return reply.code(404).send(invalidLinkPage(DEFAULT_LANGUAGE));
      return unsubscribeConfirmPage(lang, UNSUBSCRIBE_PATH, token);
    },
  );

  app.post(
    "/reminders/unsubscribe",
    {
      schema: routeSchema({
        tags,
        summary: "Switch the daily reminder off with the token of the e-mailed link (form post)",
        body: reminderUnsubscribeInputSchema,
        response: { 200: htmlPage },
        errors: [ErrorCode.VALIDATION_FAILED],
      }),
    },
    async (request, reply) => {
      const { token } = parseInput(reminderUnsubscribeInputSchema, request.body);
      const lang = await unsubscribe(app.deps, token);
      reply.type(HTML);
      if (lang === null) return reply.code(404).send(invalidLinkPage(DEFAULT_LANGUAGE));
      return unsubscribedPage(lang);
    },
  );
}
