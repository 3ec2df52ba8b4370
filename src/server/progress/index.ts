/** What the progress area offers the rest of the server: learning records, read for /learning, groups and launches. */
export { activeCourses, launchLock, progressLine, recordsOf, type CourseRecord } from './records.ts';
