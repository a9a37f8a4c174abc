// One round of the reminder scheduler in a process of its own, on the database and SMTP server
// given as JSON in argv[2] ({ database, smtpUrl, publicUrl, secret, now }), straight from the
// TypeScript sources (ts-sources.mjs maps their `.js` imports to the `.ts` files). Two of these at once
// are two server processes racing for the same reminders; a later one is the server restarted.
// Prints the number of digests it sent.
import "./ts-sources.mjs";

const options = JSON.parse(process.argv[2]);
const { openDatabase } = await import("../../src/db/database.ts");
const { createMailer } = await import("../../src/mail/mailer.ts");
const { sendDueReminders } = await import("../../src/features/reminders/reminders.service.ts");
const db = openDatabase(options.database);
const mailer = createMailer(
  { smtpUrl: options.smtpUrl, from: "Mnemo <no-reply@mnemo.local>", outboxDir: "" },
  { info: () => {} },
);
const sent = await sendDueReminders(
  {
    db,
    mailer,
    now: () => options.now,
    config: { publicUrl: options.publicUrl, secret: options.secret },
  },
  { warn: (...args) => console.error(...args) },
);
// Exits without db.destroy(): the SQLite checkpointer's worker does not start from the sources,
// and what matters here was committed before the mail went out.
process.stdout.write(`${sent}\n`, () => process.exit(0));
