import { useEffect } from 'react';
import { formatDay } from '../../domain/format.ts';
import { activeSubscription } from '../../domain/renewal.ts';
import { toDate } from '../../domain/time.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $directed, $learning, $myGroups, loadDirected, loadLearning, loadMyGroups, showKeptLearning } from '../../stores/learning/learning.ts';
import { $session, startSession } from '../../stores/session.ts';
import FormError from '../ui/FormError.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import HeldCourseCard from './HeldCourseCard.tsx';
import LearningGroups from './LearningGroups.tsx';
import LearningOffers from './LearningOffers.tsx';
import LearningSkeleton from './LearningSkeleton.tsx';
import MemberGroups from './MemberGroups.tsx';
import { useJustPaid } from './useJustPaid.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  locale: Locale;
  loginHref: string;
  coursesHref: string;
  pricingHref: string;
  groupsHref: string;
  verifyPath: string;
  strings: Sections<'learning' | 'cert'>;
}

/** /learning: the courses the learner holds with Continue, what they could buy next, their own groups and invitations, and the groups they direct. */
export default function MyLearning({ locale, loginHref, coursesHref, pricingHref, groupsHref, verifyPath, strings }: Props) {
  const session = useIslandStore($session);
  const learning = useIslandStore($learning);
  const directed = useIslandStore($directed);
  const memberGroups = useIslandStore($myGroups);
  /** The plan a payment just bought, said once above the courses. */
  const paid = useJustPaid();
  const uid = session.firebaseUser?.uid;

  useEffect(() => showKeptLearning(locale), [locale]);
  useEffect(startSession, []);
  useEffect(() => {
    if (!session.loading && !uid) window.location.replace(`${loginHref}?next=${encodeURIComponent(window.location.pathname)}`);
  }, [session.loading, uid, loginHref]);
  useEffect(() => {
    if (!uid) return;
    void loadLearning(uid, locale);
    void loadDirected();
    void loadMyGroups();
  }, [uid, locale]);

  const home = learning.value;
  if (!home) {
    if (learning.status !== 'error') return <LearningSkeleton strings={strings} />;
    return (
      <div className="learning">
        <FormError>{strings['learning.error']}</FormError>
        <button type="button" className="button" onClick={() => uid && void loadLearning(uid, locale)}>
          {strings['learning.retry']}
        </button>
      </div>
    );
  }
  const bought = paid && session.user ? activeSubscription(session.user.subscriptions, paid, new Date()) : null;
  return (
    <div className="learning">
      {bought && (
        <p className="form-success" role="status">
          {fill(strings['learning.paid'], { date: formatDay(locale, toDate(bought.next_billing_time)) })}
        </p>
      )}
      <section aria-labelledby="learning-courses-title" aria-busy={learning.status === 'loading'}>
        <h2 id="learning-courses-title">{strings['learning.courses']}</h2>
        {/* The courses kept from the last visit, shown while the fresh answer is read. */}
        {learning.status === 'loading' && (
          <p className="muted" role="status">
            {strings['learning.updating']}
          </p>
        )}
        {home.courses.length === 0 ? (
          <p>
            {strings['learning.none']} <a href={pricingHref}>{strings['learning.seePlans']}</a>
          </p>
        ) : (
          <ul className="learning-courses">
            {home.courses.map((course) => (
              <HeldCourseCard
                key={course.courseId}
                course={course}
                locale={locale}
                coursesHref={coursesHref}
                pricingHref={pricingHref}
                verifyPath={verifyPath}
                strings={strings}
              />
            ))}
          </ul>
        )}
      </section>
      {home.offers.length > 0 && <LearningOffers offers={home.offers} coursesHref={coursesHref} pricingHref={pricingHref} strings={strings} />}
      <MemberGroups groups={memberGroups} locale={locale} strings={strings} />
      <LearningGroups directed={directed} isAdmin={session.user?.isAdmin === true} groupsHref={groupsHref} strings={strings} />
    </div>
  );
}
