/** What the attempts area offers the rest of the server: the replay pool that scores attempts, and the experts' benchmarks. */
export { ReplayPool } from './replay/pool.ts';
export { courseBenchmarks } from './benchmarks.ts';
