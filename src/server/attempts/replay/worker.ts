// A replay worker: scores attempts off the main thread, one job at a time, so the event loop keeps answering.
import { parentPort } from 'node:worker_threads';
import { runReplay, type ReplayJob } from './job.ts';

parentPort!.on('message', (job: ReplayJob) => {
  try {
    parentPort!.postMessage({ ok: true, outcome: runReplay(job) });
  } catch (err) {
    parentPort!.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
  }
});
