/**
 * What the attempts area offers the rest of the server: the replay pool that scores attempts, the experts'
 * benchmarks, and the id an attempt gets from its launch token (assessments look a launch's attempt up by it).
 */
export { ReplayPool } from './replay/pool.ts';
export { courseBenchmarks } from './benchmarks.ts';
export { attemptIdOf } from './attempt-rows.ts';
