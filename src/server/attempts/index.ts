/**
 * What the attempts area offers the rest of the server: the replay pool that scores attempts, the experts'
 * benchmarks, the facts learning records are read from, and the id an attempt gets from its launch token
 * (assessments look a launch's attempt up by it).
 */
export { ReplayPool } from './replay/pool.ts';
export { benchmarkFacts } from './benchmarks.ts';
export { attemptFacts } from './queries.ts';
export { attemptIdOf } from './attempt-rows.ts';
