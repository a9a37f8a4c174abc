import { defineConfig } from "rolldown";

// The server as a handful of files: Node then reads, parses and keeps in memory about 2 MB of
// minified code instead of ~1,000 modules with their comments (cold start and idle memory, issue
// #14). Packages stay outside the bundle when they load native code or read files beside their
// own (`__dirname`): the SQLite and PostgreSQL drivers, Argon2, the FSRS optimizer, the API
// docs' static files, and pino's worker threads.
export default defineConfig({
  input: { main: "src/main.ts" },
  platform: "node",
  external: [
    /^(better-sqlite3|pg|@node-rs\/argon2|@open-spaced-repetition\/binding|@fastify\/swagger|@fastify\/swagger-ui|pino|thread-stream)(\/|$)/,
  ],
  resolve: { extensionAlias: { ".js": [".ts", ".js"] } },
  output: {
    dir: "dist",
    cleanDir: true,
    format: "esm",
    // Non-ASCII text (the Korean of e-mails and errors) escaped: V8 keeps an all-ASCII source in
    // one byte a character, a source with any other character in two (4 MB for this bundle).
    // (Its licence comments too: one with an "ä" made a whole chunk two bytes a character.)
    charset: "ascii",
    comments: false,
    minify: true,
    keepNames: true,
    sourcemap: true,
  },
});
