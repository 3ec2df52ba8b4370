import { useEffect, useState } from 'react';
import type { CourseStatusLine } from '../../api/course-drafts.ts';
import type { CourseSummary } from '../../api/courses.ts';
import type { CourseProgressLine } from '../../api/progress.ts';
import type { ContentLocale } from '../../domain/localize.ts';
import { $courseAction, $courseLines, $courses, createCourse, deleteCourse, loadCourseLines, loadCourses } from '../../stores/courses/courses.ts';
import { $preview, openPreview } from '../../stores/courses/preview.ts';
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
  strings: Sections<'courses' | 'progress.line' | 'course.error' | 'course.preview'>;
  /** Heading level of each course's title, so the list fits under the page's own headings. */
  headingLevel?: 2 | 3;
  /** The list as the server rendered it (on /courses); without it the island shows a spinner and fetches. */
  initial?: CourseSummary[] | undefined;
}

/** A card of the list: a course of the catalogue, or (for administrators) a draft nobody else sees. */
type Card = Pick<CourseSummary, 'id' | 'title' | 'subtitle' | 'thumbnail'> & { badge: 'courses.draft' | 'courses.pendingBadge' | null };

/** The course catalogue: pictures, titles and descriptions for everyone; for admins, the drafts too (marked), delete and add. */
export default function CourseList({ lang, coursesHref, strings, headingLevel = 2, initial }: Props) {
  const stored = useIslandStore($courses);
  // Server-rendered lists count as loaded from the first render; the store is only set in the browser.
  const courses = initial && stored.status === 'loading' && stored.list.length === 0 ? { status: 'loaded' as const, list: initial } : stored;
  const action = useIslandStore($courseAction);
  const session = useIslandStore($session);
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState<Card | null>(null);
  const lines = useIslandStore($courseLines);
  const progress = useProgressLines();
  const isAdmin = session.user?.isAdmin === true;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  useSessionWhenIdle();
  useEffect(() => {
    if (initial) $courses.set({ status: 'loaded', list: initial });
    else void loadCourses(lang);
  }, [lang, initial]);
  useEffect(() => {
    if (isAdmin) void loadCourseLines();
  }, [isAdmin]);

  const pathOf = (id: string) => `${coursesHref}/${encodeURIComponent(id)}`;
  // A new course is a draft: its page answers 404 to everyone, so the administrator lands on its preview, with the editor.
  async function add() {
    const id = await createCourse();
    if (id) await openPreview(id, pathOf(id));
  }

  async function remove(course: Card) {
    if (await deleteCourse(course.id, lang)) setConfirming(null);
  }

  const cards = cardsOf(courses.list, lines.lines, isAdmin);

  if ((courses.status === 'loading' && courses.list.length === 0) || courses.status === 'error') {
    return <ListStatus failed={courses.status === 'error'} strings={strings} onRetry={() => void loadCourses(lang)} />;
  }
  return (
    <div className="course-list">
      <Failures confirming={confirming !== null} isAdmin={isAdmin} linesFailed={lines.status === 'error'} strings={strings} />
      {courses.list.length === 0 && !isAdmin && <p>{strings['courses.empty']}</p>}
      <ul className="course-grid">
        {cards.map((course, i) => (
          <CourseCard
            key={course.id}
            course={course}
            eager={i < 2}
            href={pathOf(course.id)}
            Heading={Heading}
            progress={progress?.find((l) => l.courseId === course.id)}
            strings={strings}
            onDelete={
              isAdmin
                ? () => {
                    $courseAction.set({ busy: false, error: null });
                    setConfirming(course);
                  }
                : null
            }
          />
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
      <DeleteDialog confirming={confirming} strings={strings} onCancel={() => setConfirming(null)} onDelete={(course) => void remove(course)} />
    </div>
  );
}

/** The cards of the grid: the catalogue's courses (for administrators, those with unpublished changes marked) and then the drafts. */
function cardsOf(list: CourseSummary[], lines: CourseStatusLine[], isAdmin: boolean): Card[] {
  const pending = new Set(lines.filter((l) => l.status === 'published' && l.pending).map((l) => l.id));
  const drafts: Card[] = isAdmin
    ? lines.filter((l) => l.status === 'draft').map(({ id, title }) => ({ id, title, subtitle: '', thumbnail: null, badge: 'courses.draft' }))
    : [];
  return [...list.map((c) => ({ ...c, badge: isAdmin && pending.has(c.id) ? ('courses.pendingBadge' as const) : null })), ...drafts];
}

/** In place of the list: the spinner while it loads, or why it failed with Retry. */
function ListStatus({ failed, strings, onRetry }: { failed: boolean; strings: Props['strings']; onRetry(): void }) {
  if (!failed) {
    return (
      <div className="course-list-status" role="status">
        <span className="spinner" aria-hidden="true" />
        {strings['courses.loading']}
      </div>
    );
  }
  return (
    <div className="course-list-status">
      <FormError>{strings['courses.loadError']}</FormError>
      <button type="button" className="button" onClick={onRetry}>
        {strings['courses.retry']}
      </button>
    </div>
  );
}

/** Above the grid: an add or delete that failed (outside the dialog), a preview that did not open, the drafts' list that did not load. */
function Failures({ confirming, isAdmin, linesFailed, strings }: { confirming: boolean; isAdmin: boolean; linesFailed: boolean; strings: Props['strings'] }) {
  const action = useIslandStore($courseAction);
  const preview = useIslandStore($preview);
  return (
    <>
      {action.error && !confirming && <FormError>{strings[action.error]}</FormError>}
      {preview === 'error' && <FormError>{strings['course.preview.error']}</FormError>}
      {isAdmin && linesFailed && (
        <FormError>
          {strings['courses.loadError']}{' '}
          <button type="button" className="button button-small" onClick={() => void loadCourseLines()}>
            {strings['courses.retry']}
          </button>
        </FormError>
      )}
    </>
  );
}

/** One course of the grid: its picture, title (a draft opens its preview), badge, description, the learner's progress and, for administrators, Delete. */
function CourseCard({
  course,
  eager,
  href,
  Heading,
  progress,
  strings,
  onDelete,
}: {
  course: Card;
  eager: boolean;
  href: string;
  Heading: 'h2' | 'h3';
  progress: CourseProgressLine | undefined;
  strings: Props['strings'];
  onDelete: (() => void) | null;
}) {
  return (
    <li className="course-card">
      <CoursePicture src={course.thumbnail} width={320} height={200} loading={eager ? 'eager' : 'lazy'} />
      <Heading className="course-card-title">
        <a
          href={href}
          onClick={(e) => {
            if (course.badge !== 'courses.draft') return;
            e.preventDefault();
            void openPreview(course.id, href);
          }}
        >
          <bdi>{course.title}</bdi>
        </a>
      </Heading>
      {course.badge && (
        <p className="course-badge" data-badge={course.badge === 'courses.draft' ? 'draft' : 'pending'}>
          {strings[course.badge]}
        </p>
      )}
      {course.subtitle && <p className="course-card-text">{course.subtitle}</p>}
      <ProgressLine line={progress} strings={strings} />
      {onDelete && (
        <button
          type="button"
          className="icon-button course-delete"
          aria-label={fill(strings['courses.delete'], { title: course.title })}
          title={fill(strings['courses.delete'], { title: course.title })}
          onClick={onDelete}
        >
          <TrashIcon />
        </button>
      )}
    </li>
  );
}

/** Asks before a course is deleted, with the error of a deletion that failed. */
function DeleteDialog({
  confirming,
  strings,
  onCancel,
  onDelete,
}: {
  confirming: Card | null;
  strings: Props['strings'];
  onCancel(): void;
  onDelete(course: Card): void;
}) {
  const action = useIslandStore($courseAction);
  return (
    <Dialog open={confirming !== null} title={strings['courses.confirmTitle']} onClose={onCancel}>
      <p>{confirming && fill(strings['courses.confirmText'], { title: confirming.title })}</p>
      {action.error && confirming && <FormError>{strings[action.error]}</FormError>}
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {strings['courses.cancel']}
        </button>
        <button type="button" className="button button-danger" disabled={action.busy} onClick={() => confirming && onDelete(confirming)}>
          {strings['courses.confirmDelete']}
        </button>
      </div>
    </Dialog>
  );
}
