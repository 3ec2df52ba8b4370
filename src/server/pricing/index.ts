// The pricing area's public face: what pages read about the plans that open a course, and a plan's row as the contract shows it.
export { planOf } from './plan-row.ts';
export { plansIncluding, visiblePlansIncluding } from './queries.ts';
