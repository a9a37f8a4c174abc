// Preloaded into the server by the soak (`node --import`): on SIGUSR2 it writes the process's
// memory breakdown (V8 heap, external, array buffers, malloc) as JSON to the file named by
// MNEMO_BENCH_MEMORY_FILE, so the bench can tell what grows. Nothing else changes in the server.
import { writeFileSync } from "node:fs";
import { getHeapStatistics } from "node:v8";

const file = process.env.MNEMO_BENCH_MEMORY_FILE;
if (file) {
  process.on("SIGUSR2", () => {
    const heap = getHeapStatistics();
    const usage = process.memoryUsage();
    writeFileSync(
      file,
      JSON.stringify({
        at: Date.now(),
        rss: usage.rss,
        heapTotal: usage.heapTotal,
        heapUsed: usage.heapUsed,
        external: usage.external,
        arrayBuffers: usage.arrayBuffers,
        mallocedMemory: heap.malloced_memory,
      }),
    );
  });
}
