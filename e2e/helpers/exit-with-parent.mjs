// Preloaded into every server the browser tests spawn (`node --import`): the test process holds
// the other end of the server's stdin, so when that process dies in any way (a Vitest worker
// killed on a timeout, Ctrl-C) the pipe closes and the server shuts down instead of lingering on
// its port. SIGTERM takes the server's own clean path (server.ts closes the database).
process.stdin.on("end", () => process.kill(process.pid, "SIGTERM"));
process.stdin.resume();
