import type { Locale } from '../../i18n/locales.ts';
import { useEffect } from 'react';
import type { CourseProgress } from '../../api/progress.ts';
import { $courseProgress, loadCourseProgress, onAttemptStored } from '../../stores/progress/progress.ts';
import { $session } from '../../stores/session.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useSessionWhenIdle } from '../ui/useSessionWhenIdle.ts';
import type { Sections } from '../../i18n/index.ts';
import OutlineModule from './OutlineModule.tsx';
import OutlineSummary from './OutlineSummary.tsx';
import CertificateWay from '../certificates/CertificateWay.tsx';
import { certificateOutlook } from '../../domain/certificate-outlook.ts';

interface Props {
  locale: Locale;
  courseId: string;
  courseTitle: string;
  /** The outline as a new learner sees it (no attempts): pass marks and, in proficiency order, the closed modules. */
  outline: CourseProgress;
  /** Whether a plan on sale includes the course (the page's intro names them). */
  onSale: boolean;
  /** Where a play link leads without JavaScript (login, then back here). */
  loginHref: string;
  verifyPath: string;
  /** An administrator's preview as a learner: the outline of a learner who has played nothing, whoever is signed in. */
  preview: boolean;
  strings: Sections<'progress' | 'cert' | 'common'>;
}

/** The standing with each module's and case's title as the page's outline names it (same level and case numbers). */
function inPageLanguage(standing: CourseProgress, outline: CourseProgress): CourseProgress {
  return {
    ...standing,
    modules: standing.modules.map((m) => {
      const shown = outline.modules.find((o) => o.level === m.level);
      if (!shown) return m;
      return { ...m, title: shown.title, cases: m.cases.map((c) => ({ ...c, title: shown.cases.find((o) => o.case === c.case)?.title ?? c.title })) };
    }),
  };
}

/**
 * The course's modules and cases. Everyone sees the pass marks; visitors see which cases a plan opens, and the signed-in
 * learner each case's state, module and course shares, where to continue, why a module is closed, and the certificate.
 */
export default function CourseOutline({ locale, courseId, courseTitle, outline, onSale, loginHref, verifyPath, preview, strings }: Props) {
  const session = useIslandStore($session);
  const progress = useIslandStore($courseProgress);
  // In a preview the administrator's own standing is never read: the learner shown has played nothing.
  const uid = preview ? undefined : session.firebaseUser?.uid;
  useSessionWhenIdle();
  useEffect(() => {
    if (!uid) return;
    void loadCourseProgress(courseId);
    // Back from the simulator's tab: show what was just played.
    const again = () => document.visibilityState === 'visible' && void loadCourseProgress(courseId);
    document.addEventListener('visibilitychange', again);
    // The simulator's tab says when it stored an attempt here, while this page may still be in view beside it.
    const stop = onAttemptStored(courseId, () => void loadCourseProgress(courseId));
    return () => {
      document.removeEventListener('visibilitychange', again);
      stop();
    };
  }, [uid, courseId]);

  const read = uid && progress.value?.courseId === courseId ? progress.value : null;
  // The learner's standing comes from the API in English; the page's outline carries the titles in its language.
  const mine = preview ? outline : read && inPageLanguage(read, outline);
  const view = mine ?? outline;
  // The cases to the certificate, by the rule that issues it.
  const outlook = mine && !preview ? certificateOutlook(mine) : null;

  return (
    <div className="course-outline" id="course-outline">
      <OutlineSummary
        signedIn={preview || Boolean(uid)}
        sessionLoading={session.loading}
        status={progress.status}
        mine={mine}
        view={view}
        locale={locale}
        courseTitle={courseTitle}
        loginHref={loginHref}
        verifyPath={verifyPath}
        strings={strings}
      />
      <ol className="modules">
        {view.modules.map((m, i) => (
          <OutlineModule
            key={m.level}
            module={m}
            open={i === 0 || m.level === mine?.next?.level}
            mine={mine}
            locksApply={preview || !session.user?.isAdmin}
            onSale={onSale}
            loginHref={loginHref}
            strings={strings}
          />
        ))}
      </ol>
      {/* Below the modules, so its arrival with the standing moves none of them under a finger. */}
      {outlook && !mine?.certificate && <CertificateWay outlook={outlook} strings={strings} />}
    </div>
  );
}
