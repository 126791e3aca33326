// @ts-check
/**
 * A stand-in for highs-worker.mjs in tests (solve-robust.test.ts): it speaks the same messages
 * but misbehaves as workerData.mode says — 'slow' never answers (a busy loop, like HiGHS stuck in
 * presolve), 'no-solution' answers an error status with stray values, 'error' answers an error,
 * 'crash' ends the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';

if (!parentPort) throw new Error('fake-highs-worker.mjs runs only as a worker thread');
const port = parentPort;
const mode = /** @type {{ mode: string }} */ (workerData).mode;

port.on('message', (/** @type {{ id: number }} */ request) => {
  if (mode === 'slow') {
    for (;;) {
      // Stuck: only terminate() ends this.
    }
  }
  if (mode === 'crash') process.exit(3);
  if (mode === 'error') {
    port.postMessage({ kind: 'error', id: request.id, message: 'boom' });
    return;
  }
  port.postMessage({
    kind: 'solution',
    id: request.id,
    status: 'Solve error',
    hasSolution: false,
    objective: Number.NaN,
    values: { x0: 1, x1: 1, x2: 1 },
  });
});
port.postMessage({ kind: 'ready' });
