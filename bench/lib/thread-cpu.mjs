import { existsSync, readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

// CPU time by thread of the bench's own child processes (Chromium's and the server's), read from
// /proc: where a stretch of wall time went on a machine of few cores. A first download of 100,000
// memos kept 2 cores about 70 % busy, IndexedDB's backend (the browser process's thread pool)
// and the download worker most of all, so no change on one thread alone could shorten it much.
// Linux only: elsewhere the sampler is null.

/** Clock ticks per second of /proc's times (USER_HZ; 100 on Linux's usual builds). */
const TICKS_PER_SECOND = 100;

function readText(path) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** Fields of a /proc stat line after the command's parenthesis (state is [0], ppid [1]). */
function statFields(text) {
  return text.slice(text.lastIndexOf(")") + 2).split(" ");
}

/** The processes below `rootPid`, each with the role its command line tells. */
function descendants(rootPid) {
  const children = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readText(`/proc/${name}/stat`);
    if (!stat) continue;
    const ppid = Number(statFields(stat)[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  const found = [];
  const queue = [...(children.get(rootPid) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift();
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found.map((pid) => ({ pid, role: roleOf(readText(`/proc/${pid}/cmdline`) ?? "") }));
}

function roleOf(cmdline) {
  const args = cmdline.split("\0").join(" ");
  if (args.includes("dist/main.js")) return "server";
  if (!/chrom/.test(args)) return "other";
  const type = /--type=([a-z-]+)/.exec(args)?.[1];
  if (!type) return "browser";
  if (type === "utility") return /network/i.test(args) ? "network" : "utility";
  return type;
}

/** CPU ticks so far of every thread of the processes below `rootPid`, by `pid/tid`. */
function snapshot(rootPid) {
  const threads = new Map();
  for (const { pid, role } of descendants(rootPid)) {
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const stat = readText(`/proc/${pid}/task/${tid}/stat`);
      if (!stat) continue;
      const fields = statFields(stat);
      // utime and stime: fields 14 and 15 of the line, [11] and [12] after the command.
      const ticks = Number(fields[11]) + Number(fields[12]);
      const name = (readText(`/proc/${pid}/task/${tid}/comm`) ?? "?").trim();
      threads.set(`${pid}/${tid}`, { thread: `${role} ${name}`, ticks });
    }
  }
  return threads;
}

/**
 * Starts sampling (every `everyMs`) the CPU time of each thread below this process; `stop()`
 * answers the wall time, the CPU time in all and by thread name (threads of one name summed,
 * most first). A thread that ended meanwhile (the download's worker) counts up to its last
 * sample.
 */
export function startThreadCpu({ everyMs = 500 } = {}) {
  if (!existsSync("/proc/self/task")) return null;
  const rootPid = process.pid;
  const startedAt = performance.now();
  const first = snapshot(rootPid);
  const latest = new Map(first);
  const sample = () => {
    for (const [key, value] of snapshot(rootPid)) latest.set(key, value);
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const byThread = new Map();
      for (const [key, { thread, ticks }] of latest) {
        const spent = ticks - (first.get(key)?.ticks ?? 0);
        byThread.set(thread, (byThread.get(thread) ?? 0) + spent);
      }
      const threads = [...byThread]
        .map(([thread, ticks]) => ({ thread, cpuMs: (ticks / TICKS_PER_SECOND) * 1000 }))
        .filter(({ cpuMs }) => cpuMs > 0)
        .sort((a, b) => b.cpuMs - a.cpuMs);
      return {
        wallMs: performance.now() - startedAt,
        cpuMs: threads.reduce((sum, { cpuMs }) => sum + cpuMs, 0),
        threads,
      };
    },
  };
}

/** One line: CPU in all against wall time, and the threads that took most. */
export function formatThreadCpu(usage, top = 6) {
  const seconds = (ms) => (ms / 1000).toFixed(1);
  const threads = usage.threads
    .slice(0, top)
    .map(({ thread, cpuMs }) => `${thread} ${seconds(cpuMs)}`)
    .join(", ");
  return `${seconds(usage.cpuMs)} s of CPU in ${seconds(usage.wallMs)} s: ${threads}`;
}
