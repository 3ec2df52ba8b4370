// The share of a laser case's work done: the anastomoses sealed and, in a Solomon case, the line drawn, averaged.
// The score judges time and path for the whole case by it (score.ts), and the final review counts for what was
// done when it began (review.ts): a survey made before the work reviews nothing.
import type { Task } from './params.ts';

export function workShare(task: Task, sealed: number, total: number, lineCompleteness: number): number {
  const share = total > 0 ? sealed / total : 1;
  return task === 'solomon' ? (share + lineCompleteness) / 2 : share;
}
