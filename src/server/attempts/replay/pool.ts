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
 * it). A replay over its budget is stopped by terminating its worker; a fresh one takes its place on demand.
 */
export class ReplayPool {
  readonly budgetMs: number;
  private readonly size: number;
  private readonly maxQueue: number;
  private readonly idle: Worker[] = [];
  private live = 0;
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
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.live < this.size ? this.spawn() : null);
      if (!worker) return;
      this.start(worker, this.queue.shift()!);
    }
  }

  private spawn(): Worker {
    this.live += 1;
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
    // An idle worker must not keep the process alive; a request under way is waited for by the server's shutdown.
    worker.unref();
    return worker;
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
