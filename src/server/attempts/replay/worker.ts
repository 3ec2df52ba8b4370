// A replay worker: scores attempts off the main thread, one job at a time, so the event loop keeps answering. It
// says when it is ready, so that loading its modules (seconds on a busy machine) never counts against a job's budget.
import { parentPort } from 'node:worker_threads';
import { runReplay, type ReplayJob } from './job.ts';

// Its modules are loaded: the pool sends it work from now on, and a job's time budget counts from then.
parentPort!.postMessage({ ready: true });

parentPort!.on('message', (job: ReplayJob) => {
  try {
    parentPort!.postMessage({ ok: true, outcome: runReplay(job) });
  } catch (err) {
    parentPort!.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
  }
});
