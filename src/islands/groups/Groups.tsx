import type { Locale } from '../../i18n/locales.ts';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { $groups, createGroup, loadGroups } from '../../stores/groups/groups.ts';
import { $session, startSession } from '../../stores/session.ts';
import type { AttemptStrings } from '../attempts/attempt-strings.ts';
import Field from '../ui/Field.tsx';
import GroupView from './GroupView.tsx';
import MemberView from './MemberView.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { fill } from '../../i18n/fill.ts';
import { isolate } from '../../domain/text.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

interface Props {
  locale: Locale;
  loginHref: string;
  verifyPath: string;
  strings: Sections<'groups' | 'progress' | 'record' | 'cert'> & AttemptStrings;
}

/** Where the page is: the list (after deleting a group: ?deleted=its name), a group (?group=), or one member of it (&member=). */
function place(): { group: string | null; member: string | null; deleted: string | null } {
  const params = new URLSearchParams(window.location.search);
  return { group: params.get('group'), member: params.get('member'), deleted: params.get('deleted') };
}

/**
 * /groups: directors see the groups they direct, each member's progress, attempts and certificates, and export them;
 * anyone creates a group of their own to direct; administrators also name any group's members and directors.
 */
export default function Groups({ locale, loginHref, verifyPath, strings }: Props) {
  const session = useIslandStore($session);
  const groups = useIslandStore($groups);
  const [where, setWhere] = useState<ReturnType<typeof place> | null>(null);
  const said = useRef<HTMLParagraphElement>(null);
  const [name, setName] = useState('');
  const uid = session.firebaseUser?.uid;
  const isAdmin = session.user?.isAdmin === true;
  useEffect(startSession, []);
  useEffect(() => setWhere(place()), []);
  useEffect(() => {
    if (!session.loading && !uid) window.location.replace(`${loginHref}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }, [session.loading, uid, loginHref]);
  useEffect(() => {
    if (uid && where && !where.group) void loadGroups();
  }, [uid, where]);
  // The group just deleted is said, and the focus starts there rather than on the page.
  useEffect(() => {
    if (groups.status === 'loaded') said.current?.focus();
  }, [groups.status]);

  if (!uid || !where)
    return (
      <p className="muted" aria-busy="true">
        {strings['groups.loading']}
      </p>
    );
  const common = { locale, verifyPath, strings };
  if (where.group && where.member) return <MemberView {...common} groupId={where.group} userId={where.member} />;
  if (where.group) return <GroupView {...common} groupId={where.group} isAdmin={isAdmin} />;

  async function create(e: SubmitEvent) {
    e.preventDefault();
    const id = await createGroup(name.trim());
    if (id) window.location.assign(`?group=${encodeURIComponent(id)}`);
  }

  return (
    <div className="groups">
      {where.deleted && (
        <p role="status" ref={said} tabIndex={-1} className="group-removed">
          {fill(strings['groups.deleted'], { name: isolate(where.deleted) })}
        </p>
      )}
      <p>{strings['groups.intro']}</p>
      {groups.status !== 'loaded' && <p className="muted">{strings['groups.loading']}</p>}
      {groups.error && (
        <FormError>
          {strings[groups.error === 'invalid' ? 'groups.saveError' : groups.error === 'unverified' ? 'groups.createUnverified' : 'groups.error']}
        </FormError>
      )}
      {groups.status === 'loaded' && groups.list.length === 0 && !isAdmin && (
        <p>
          {strings['groups.none']} {strings['groups.startOwn']}
        </p>
      )}
      {groups.list.length > 0 && (
        <ul className="group-list">
          {groups.list.map((g) => (
            <li key={g.id}>
              <a href={`?group=${encodeURIComponent(g.id)}`}>
                <bdi>{g.name}</bdi>
              </a>
              <span className="muted">{fill(strings['groups.count'], { members: g.members, directors: g.directors })}</span>
            </li>
          ))}
        </ul>
      )}
      {groups.status === 'loaded' && (
        <section aria-labelledby="group-create-title">
          <h2 id="group-create-title">{strings['groups.create']}</h2>
          <form className="group-form" onSubmit={(e) => void create(e)} aria-labelledby="group-create-title">
            <Field name="group-name" label={strings['groups.name']} value={name} maxLength={200} required onChange={(e) => setName(e.target.value)} />
            <button type="submit" className="button" disabled={!name.trim()}>
              {strings['groups.createSubmit']}
            </button>
          </form>
        </section>
      )}
    </div>
  );
}
