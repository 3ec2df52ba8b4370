import { useEffect } from 'react';
import type { Sections } from '../../i18n/index.ts';
import { $draftFound, $preview, findDraft, openPreview } from '../../stores/courses/preview.ts';
import { $session } from '../../stores/session.ts';
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
  const found = useIslandStore($draftFound);
  const admin = session.user?.isAdmin === true;
  useSessionWhenIdle();
  useEffect(() => {
    if (admin) void findDraft(courseId);
  }, [admin, courseId]);

  if (!admin || found !== courseId) return null;
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
