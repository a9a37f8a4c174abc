/**
 * `@mnemo/domain`: the pure rules and schemas shared by the server and the web client.
 * No I/O and no clock: callers pass `now` in epoch milliseconds.
 */
export * from "./api/index.js";
export * from "./cache/cache-freshness.js";
export * from "./common/random-id.js";
export * from "./common/timestamp.js";
export * from "./common/validation.js";
export * from "./constants.js";
export * from "./errors.js";
export * from "./folder/folder.schema.js";
export * from "./log/log-entry.schema.js";
export * from "./memo/memo.schema.js";
export * from "./memo/preview.js";
export * from "./memo/shared-memo.js";
export * from "./memo/sorting.js";
export * from "./review/review.js";
export * from "./subject/add-subjects.js";
export * from "./subject/subject.schema.js";
export * from "./user/user.schema.js";
