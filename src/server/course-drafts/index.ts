/** What the course-drafts area offers the rest of the server: the course page's preview as a learner. */
export { coursePreview, type CoursePreview } from './preview.ts';
