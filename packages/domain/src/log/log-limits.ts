// Apart from log-entry.schema.ts: the web app's first route cuts its log messages to these
// without zod (constants.schema.ts).

/** Longest `code` of a log entry, in UTF-16 code units. */
export const LOG_CODE_MAX = 100;
/** Longest `country` of a log entry, in UTF-16 code units. */
export const LOG_COUNTRY_MAX = 8;
/** Longest `message` of a log entry, in UTF-16 code units; clients cut longer messages. */
export const LOG_MESSAGE_MAX = 2000;
