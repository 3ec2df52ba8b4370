// The pricing area's public face: what pages read about the plans that open a course.
export { plansIncluding, visiblePlansIncluding } from './queries.ts';
