import { useEffect, useState } from 'react';
import { answer, auth, client, enc } from '../../api/client.ts';
import type { Sections } from '../../i18n/index.ts';
import { $preview, openPreview } from '../../stores/preview.ts';
import { $session, idToken } from '../../stores/session.ts';
import FormError from '../ui/FormError.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useSessionWhenIdle } from '../ui/useSessionWhenIdle.ts';

interface Props {
  courseId: string;
  coursePath: string;
  strings: Sections<'course.preview' | 'course.door'>;
}

/**
 * On a course page that answered 404: to an administrator, when the course is a draft (or a preview link has run out),
 * the way to its preview and editor. Everyone else sees the page not found, and nothing else.
 */
export default function DraftDoor({ courseId, coursePath, strings }: Props) {
  const session = useIslandStore($session);
  const preview = useIslandStore($preview);
  const [exists, setExists] = useState(false);
  const admin = session.user?.isAdmin === true;
  useSessionWhenIdle();
  useEffect(() => {
    if (!admin) return;
    let live = true;
    void (async () => {
      try {
        await answer(client.courses[':id'].draft.$get({ param: { id: enc(courseId) } }, auth(await idToken())));
        if (live) setExists(true);
      } catch {
        // No such course (or not ours to see): the page stays the plain 404.
      }
    })();
    return () => {
      live = false;
    };
  }, [admin, courseId]);

  if (!admin || !exists) return null;
  return (
    <div className="draft-door" role="status">
      <p>{strings['course.door.text']}</p>
      {preview === 'error' && <FormError>{strings['course.preview.error']}</FormError>}
      <button type="button" className="button" disabled={preview === 'opening'} onClick={() => void openPreview(courseId, coursePath)}>
        {strings['course.preview.title']}
      </button>
    </div>
  );
}
