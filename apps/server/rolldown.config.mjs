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
    minify: true,
    keepNames: true,
    sourcemap: true,
  },
});
