import { useEffect, useState } from 'react';
import type { CourseSummary } from '../../api/courses.ts';
import type { ContentLocale } from '../../domain/localize.ts';
import { $courseAction, $courses, createCourse, deleteCourse, loadCourses } from '../../stores/courses.ts';
import { $session } from '../../stores/session.ts';
import CoursePicture from './CoursePicture.tsx';
import Dialog from '../ui/Dialog.tsx';
import ProgressLine, { useProgressLines } from './ProgressLine.tsx';
import TrashIcon from '../ui/TrashIcon.tsx';
import { useHydrated } from '../ui/useHydrated.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useSessionWhenIdle } from '../ui/useSessionWhenIdle.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

interface Props {
  /** The page's language: the list is asked for in it. */
  lang: ContentLocale;
  /** The locale's /courses path; each course links to `${coursesHref}/${id}`. */
  coursesHref: string;
  strings: Sections<'courses' | 'progress.line' | 'course.error'>;
  /** Heading level of each course's title, so the list fits under the page's own headings. */
  headingLevel?: 2 | 3;
  /** The list as the server rendered it (on /courses); without it the island shows a spinner and fetches. */
  initial?: CourseSummary[] | undefined;
}

/** The course catalogue: pictures, titles and descriptions for everyone; delete and add for admins. */
export default function CourseList({ lang, coursesHref, strings, headingLevel = 2, initial }: Props) {
  const stored = useIslandStore($courses);
  // Server-rendered lists count as loaded from the first render; the store is only set in the browser.
  const courses = initial && stored.status === 'loading' && stored.list.length === 0 ? { status: 'loaded' as const, list: initial } : stored;
  const action = useIslandStore($courseAction);
  const session = useIslandStore($session);
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState<CourseSummary | null>(null);
  const lines = useProgressLines();
  const isAdmin = session.user?.isAdmin === true;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  useSessionWhenIdle();
  useEffect(() => {
    if (initial) $courses.set({ status: 'loaded', list: initial });
    else void loadCourses(lang);
  }, [lang, initial]);

  async function add() {
    const id = await createCourse();
    if (id) window.location.assign(`${coursesHref}/${encodeURIComponent(id)}`);
  }

  async function remove(course: CourseSummary) {
    if (await deleteCourse(course.id, lang)) setConfirming(null);
  }

  if (courses.status === 'loading' && courses.list.length === 0) {
    return (
      <div className="course-list-status" role="status">
        <span className="spinner" aria-hidden="true" />
        {strings['courses.loading']}
      </div>
    );
  }
  if (courses.status === 'error') {
    return (
      <div className="course-list-status">
        <FormError>{strings['courses.loadError']}</FormError>
        <button type="button" className="button" onClick={() => void loadCourses(lang)}>
          {strings['courses.retry']}
        </button>
      </div>
    );
  }
  return (
    <div className="course-list">
      {action.error && !confirming && <FormError>{strings[action.error]}</FormError>}
      {courses.list.length === 0 && !isAdmin && <p>{strings['courses.empty']}</p>}
      <ul className="course-grid">
        {courses.list.map((course, i) => (
          <li key={course.id} className="course-card">
            <CoursePicture src={course.thumbnail} width={320} height={200} loading={i < 2 ? 'eager' : 'lazy'} />
            <Heading className="course-card-title">
              <a href={`${coursesHref}/${encodeURIComponent(course.id)}`}>
                <bdi>{course.title}</bdi>
              </a>
            </Heading>
            {course.subtitle && <p className="course-card-text">{course.subtitle}</p>}
            <ProgressLine line={lines?.find((l) => l.courseId === course.id)} strings={strings} />
            {isAdmin && (
              <button
                type="button"
                className="icon-button course-delete"
                aria-label={fill(strings['courses.delete'], { title: course.title })}
                title={fill(strings['courses.delete'], { title: course.title })}
                onClick={() => {
                  $courseAction.set({ busy: false, error: null });
                  setConfirming(course);
                }}
              >
                <TrashIcon />
              </button>
            )}
          </li>
        ))}
        {isAdmin && (
          <li className="course-card course-add">
            <button type="button" className="course-add-button" disabled={!hydrated || action.busy} onClick={() => void add()}>
              <span aria-hidden="true" className="course-add-plus">
                +
              </span>
              {action.busy && !confirming ? strings['courses.adding'] : strings['courses.add']}
            </button>
          </li>
        )}
      </ul>
      <Dialog open={confirming !== null} title={strings['courses.confirmTitle']} onClose={() => setConfirming(null)}>
        <p>{confirming && fill(strings['courses.confirmText'], { title: confirming.title })}</p>
        {action.error && confirming && <FormError>{strings[action.error]}</FormError>}
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={() => setConfirming(null)}>
            {strings['courses.cancel']}
          </button>
          <button type="button" className="button button-danger" disabled={action.busy} onClick={() => confirming && void remove(confirming)}>
            {strings['courses.confirmDelete']}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
