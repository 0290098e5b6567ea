import { readFileSync, writeFileSync } from 'node:fs';

const statusBytes = (field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;

/** Resets the kernel's record of this process's peak memory to now; false where there is none (not Linux). */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * How far this process's memory (RSS) rose, at its highest, above where it
 * stood when `work` began. On Linux the kernel's own peak is read, reset just
 * before, so memory taken and given back within one synchronous step counts
 * too; elsewhere it is sampled every 5 ms.
 */
export async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  if (resetPeak()) {
    const before = statusBytes('VmRSS');
    const result = await work();
    return { result, growth: statusBytes('VmHWM') - before };
  }
  const before = process.memoryUsage.rss();
  let peak = before;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    const result = await work();
    return { result, growth: Math.max(peak, process.memoryUsage.rss()) - before };
  } finally {
    clearInterval(sample);
  }
}
