import { readFileSync, writeFileSync } from 'node:fs';

/** A memory figure of a running process from /proc/<pid>/status (VmRSS, VmHWM), in bytes. */
export function processMemoryBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`No ${field} for process ${pid}`);
  return Number(line[1]) * 1024;
}

/**
 * The process's peak resident memory while `work` runs: the kernel's high-water mark
 * (VmHWM, reset before) and, as a cross-check, RSS sampled every 20 ms.
 */
export async function peakMemoryDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakBytes: number }> {
  // "5" resets the high-water mark to the current RSS (proc(5), /proc/pid/clear_refs).
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  let sampled = processMemoryBytes(pid, 'VmRSS');
  const sampler = setInterval(() => (sampled = Math.max(sampled, processMemoryBytes(pid, 'VmRSS'))), 20);
  try {
    const result = await work();
    return { result, peakBytes: Math.max(sampled, processMemoryBytes(pid, 'VmHWM')) };
  } finally {
    clearInterval(sampler);
  }
}
