import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ReplayJob, ReplayOutcome } from './job.ts';

/** How a replay ended: scored, stopped for running over its time budget, or refused because the queue is full. */
export type ReplayAnswer = { status: 'done'; outcome: ReplayOutcome } | { status: 'over-budget' } | { status: 'busy' };

export interface ReplayPoolOptions {
  /** Worker threads; by default one core is left to the main thread. */
  workers?: number;
  /** Longest one replay may run: the longest log a launch allows replays in well under a second. */
  budgetMs?: number;
  /** Jobs waiting beyond this are refused at once, so a burst cannot queue work for minutes. */
  maxQueue?: number;
}

interface Pending {
  job: ReplayJob;
  resolve: (answer: ReplayAnswer) => void;
  reject: (err: Error) => void;
}

type Reply = { ok: true; outcome: ReplayOutcome } | { ok: false; message: string };

const WORKER_URL = new URL('./worker.ts', import.meta.url);

/**
 * Replays attempts in worker threads, so a long log never holds up the event loop (and every other request with
 * it). A replay over its budget is stopped by terminating its worker; a fresh one takes its place on demand. A job
 * goes only to a worker that said it is ready: the budget measures the replay, not a new worker's start-up (on a
 * busy machine, loading the model's modules alone took more than the 5 s a replay is given).
 */
export class ReplayPool {
  readonly budgetMs: number;
  private readonly size: number;
  private readonly maxQueue: number;
  private readonly idle: Worker[] = [];
  private live = 0;
  /** Workers spawned that have not said they are ready yet. */
  private starting = 0;
  private readonly queue: Pending[] = [];

  constructor(options: ReplayPoolOptions = {}) {
    this.size = Math.max(1, options.workers ?? Math.min(4, availableParallelism() - 1));
    this.budgetMs = options.budgetMs ?? 5000;
    this.maxQueue = options.maxQueue ?? 16 * this.size;
  }

  run(job: ReplayJob): Promise<ReplayAnswer> {
    if (this.queue.length >= this.maxQueue) return Promise.resolve({ status: 'busy' });
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.queue.length > 0 && this.idle.length > 0) this.start(this.idle.pop()!, this.queue.shift()!);
    while (this.live < this.size && this.starting < this.queue.length) this.spawn();
  }

  /** A new worker, taken into the pool once it says it is ready; one that fails to start fails the first job waiting. */
  private spawn(): void {
    this.live += 1;
    this.starting += 1;
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
    // An idle worker must not keep the process alive; a request under way is waited for by the server's shutdown.
    worker.unref();
    const settle = () => {
      this.starting -= 1;
      worker.off('message', onReady);
      worker.off('error', onFailed);
      worker.off('exit', onFailed);
    };
    const onReady = (message: { ready?: boolean }) => {
      if (!message.ready) return;
      settle();
      this.idle.push(worker);
      this.drain();
    };
    const onFailed = (failure: Error | number) => {
      settle();
      this.live -= 1;
      void worker.terminate();
      this.queue.shift()?.reject(failure instanceof Error ? failure : new Error(`Replay worker exited with code ${failure}`));
      this.drain();
    };
    worker.on('message', onReady);
    worker.on('error', onFailed);
    worker.on('exit', onFailed);
  }

  private start(worker: Worker, { job, resolve, reject }: Pending): void {
    const settle = (reuse: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (reuse) this.idle.push(worker);
      else {
        this.live -= 1;
        void worker.terminate();
      }
      this.drain();
    };
    const onMessage = (reply: Reply) => {
      settle(true);
      if (reply.ok) resolve({ status: 'done', outcome: reply.outcome });
      else reject(new Error(`Replay failed: ${reply.message}`));
    };
    const onError = (err: Error) => {
      settle(false);
      reject(err);
    };
    const onExit = (code: number) => {
      settle(false);
      reject(new Error(`Replay worker exited with code ${code}`));
    };
    const timer = setTimeout(() => {
      settle(false);
      resolve({ status: 'over-budget' });
    }, this.budgetMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job);
  }
}
