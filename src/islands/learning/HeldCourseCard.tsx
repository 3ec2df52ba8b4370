import { useState } from 'react';
import type { HeldCourse } from '../../api/learning.ts';
import { formatDay } from '../../domain/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import CertificateLinks from '../certificates/CertificateLinks.tsx';
import CertificateWay from '../certificates/CertificateWay.tsx';
import CoursePicture from '../courses/CoursePicture.tsx';
import ScoreHistory from './ScoreHistory.tsx';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  course: HeldCourse;
  locale: Locale;
  coursesHref: string;
  pricingHref: string;
  verifyPath: string;
  strings: Sections<'learning' | 'cert'>;
}

/** One course on My learning: its access, share of pass marks reached, Continue to the next case, and the certificate. */
export default function HeldCourseCard({ course, locale, coursesHref, pricingHref, verifyPath, strings }: Props) {
  const page = `${coursesHref}/${encodeURIComponent(course.courseId)}`;
  const titleId = `learning-course-${course.courseId}`;
  const scoresId = `learning-scores-${course.courseId}`;
  const [scoresOpen, setScoresOpen] = useState(false);
  const access = !course.held
    ? course.until && fill(strings['learning.ended'], { date: formatDay(locale, course.until) })
    : course.until
      ? fill(strings['learning.until'], { date: formatDay(locale, course.until) })
      : strings['learning.always'];
  return (
    <li className={`learning-course${course.held ? '' : ' learning-course-ended'}`} data-course={course.courseId}>
      <article aria-labelledby={titleId}>
        <CoursePicture src={course.thumbnail} width={160} height={100} loading="lazy" />
        <div className="learning-course-main">
          <h3 id={titleId}>
            <a href={page}>
              <bdi>{course.title}</bdi>
            </a>
          </h3>
          {access && <p className={course.held ? 'learning-access' : 'learning-access learning-access-ended'}>{access}</p>}
          {course.total > 0 ? (
            <p className="progress-line">
              <progress max={100} value={course.percent} aria-label={fill(strings['learning.progressBar'], { title: course.title })} />
              <span>{fill(strings['learning.passMarks'], { passed: course.passed, total: course.total })}</span>
            </p>
          ) : (
            <p className="muted">{strings['learning.noCases']}</p>
          )}
          {course.complete && <p className="learning-complete">{strings['learning.complete']}</p>}
          {course.certificateOutlook && !course.certificate && <CertificateWay outlook={course.certificateOutlook} strings={strings} />}
          {course.certificate && <CertificateLinks certificate={course.certificate} locale={locale} verifyPath={verifyPath} strings={strings} />}
          <p className="learning-actions">
            {course.next && (
              <a className="button" href={`${page}#play-${course.next.level}-${course.next.case}`} aria-describedby={titleId}>
                {fill(strings[course.attempts > 0 ? 'learning.continue' : 'learning.start'], { module: course.next.module, case: course.next.case })}
              </a>
            )}
            {!course.held && (
              <a className="button button-ghost" href={pricingHref}>
                {strings['learning.renew']}
              </a>
            )}
            {course.attempts > 0 && (
              <button
                type="button"
                className="button button-ghost"
                aria-expanded={scoresOpen}
                aria-controls={scoresOpen ? scoresId : undefined}
                aria-describedby={titleId}
                onClick={() => setScoresOpen(!scoresOpen)}
              >
                {strings['learning.scores']}
              </button>
            )}
          </p>
          {scoresOpen && <ScoreHistory courseId={course.courseId} id={scoresId} locale={locale} strings={strings} />}
        </div>
      </article>
    </li>
  );
}
