/** Request and response schemas of the HTTP API, shared by the server and the web client. */
export * from "./account.js";
export * from "./admin.js";
export * from "./calendar.js";
export * from "./common.js";
export * from "./folders.js";
export * from "./home.js";
export * from "./logs.js";
export * from "./memos.js";
export * from "./subjects.js";
export * from "./sync.js";
export * from "./text.js";
