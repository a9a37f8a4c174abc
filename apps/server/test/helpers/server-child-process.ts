import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

// A whole server in a process of its own (server-child.mjs), for tests that need a real process:
// two on one PostgreSQL database, or one killed and started again.

const CHILD = fileURLToPath(new URL("./server-child.mjs", import.meta.url));

/** Starts a server with `env` (what loadConfig reads) and waits until it listens. */
export async function startServerChild(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--conditions=@mnemo/source", CHILD, JSON.stringify(env)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the server process exited (${code})`)));
  });
  return child;
}

/** Stops a server process (SIGTERM closes it cleanly, SIGKILL as a crash) and waits for its exit. */
export async function stopServerChild(
  child: ChildProcess,
  signal: "SIGTERM" | "SIGKILL" = "SIGTERM",
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}
