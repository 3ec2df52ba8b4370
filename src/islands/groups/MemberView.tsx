import type { Locale } from '../../i18n/locales.ts';
import { useEffect } from 'react';
import { $group, $member, openMember } from '../../stores/groups/groups.ts';
import AttemptHistory from '../attempts/AttemptHistory.tsx';
import type { AttemptStrings } from '../attempts/attempt-strings.ts';
import CertificateLinks from '../certificates/CertificateLinks.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import { refusalKey } from './refusals.ts';
import MemberCourse from './MemberCourse.tsx';

interface Props {
  locale: Locale;
  verifyPath: string;
  groupId: string;
  userId: string;
  strings: Sections<'groups' | 'progress' | 'record' | 'cert'> & AttemptStrings;
}

/** One member for their director: best scores and state per case, certificates, and attempts over time with their debriefs. */
export default function MemberView({ locale, verifyPath, groupId, userId, strings }: Props) {
  const member = useIslandStore($member);
  const group = useIslandStore($group);
  useEffect(() => void openMember(groupId, userId), [groupId, userId]);

  const back = group.detail ? fill(strings['groups.backToGroup'], { name: group.detail.name }) : strings['groups.all'];
  const backLink = (
    <p>
      <a href={`?group=${encodeURIComponent(groupId)}`}>
        <bdi>{back}</bdi>
      </a>
    </p>
  );
  if (member.error) {
    const key = refusalKey(member.error) ?? 'groups.error';
    return (
      <div className="groups">
        <FormError>{strings[key]}</FormError>
        {backLink}
      </div>
    );
  }
  const person = group.progress?.members.find((m) => m.userId === userId);
  if (member.loading || !person) return <p className="muted">{strings['groups.loading']}</p>;

  return (
    <div className="groups">
      {backLink}
      <h2>
        <bdi>{person.name || person.email}</bdi>
      </h2>
      <section aria-labelledby="member-scores-title">
        <h3 id="member-scores-title">{strings['groups.bestScores']}</h3>
        {member.standings.length === 0 && <p>{strings['groups.noCourses']}</p>}
        {member.standings.map((s) => {
          const line = person.courses.find((l) => l.courseId === s.courseId)!;
          return <MemberCourse key={s.courseId} standing={s} title={line.title} strings={strings} />;
        })}
      </section>
      <section aria-labelledby="member-certificates-title">
        <h3 id="member-certificates-title">{strings['groups.certificates']}</h3>
        {person.courses.filter((l) => l.certificate).length === 0 && <p>{strings['record.notYet']}</p>}
        <ul className="group-list">
          {person.courses.flatMap((l) =>
            l.certificate
              ? [
                  <li key={l.courseId}>
                    <bdi>{l.title}</bdi>
                    <CertificateLinks certificate={l.certificate} locale={locale} verifyPath={verifyPath} strings={strings} />
                  </li>,
                ]
              : [],
          )}
        </ul>
      </section>
      <AttemptHistory locale={locale} userId={userId} strings={strings} />
    </div>
  );
}
