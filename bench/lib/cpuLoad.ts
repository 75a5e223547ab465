/**
 * A loaded machine on demand: busy processes at normal priority, as other jobs on a shared CI machine are.
 * A figure measured under it has its anchor measured under the same load, in the same pass.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** Runs `measure` while `processes` busy loops run beside it. */
export async function withCpuLoad<T>(processes: number, measure: () => Promise<T>): Promise<T> {
  const children: ChildProcess[] = [];
  const stopAll = () => children.forEach((c) => c.kill('SIGKILL'));
  // A bench that dies mid-pass must not leave the loops running.
  process.once('exit', stopAll);
  try {
    for (let i = 0; i < processes; i++) {
      children.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    }
    return await measure();
  } finally {
    stopAll();
    process.removeListener('exit', stopAll);
  }
}
