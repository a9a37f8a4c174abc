import { enableCompileCache, flushCompileCache } from "node:module";

// The server's entry. Compiling the server's modules (fastify, zod, better-auth, the app's own:
// ~300 ms) was a third of a cold start; Node's compile cache keeps their compiled code on disk
// (in the system's temporary directory, keyed by Node's version and each file's contents), so
// every start after the first reads it instead. It is written once the server listens: a server
// that is killed never exits cleanly, when Node would write it by itself.
enableCompileCache();
await import("./server.js");
flushCompileCache();
