import { useEffect } from 'react';
import type { CourseProgressLine } from '../../api/progress.ts';
import { $progressLines, loadProgressLines } from '../../stores/progress/progress.ts';
import { $session } from '../../stores/session.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

/** The signed-in learner's line for every course, loaded once the session is known (null for visitors and until then). */
export function useProgressLines(): CourseProgressLine[] | null {
  const session = useIslandStore($session);
  const lines = useIslandStore($progressLines);
  const uid = session.firebaseUser?.uid;
  useEffect(() => {
    if (uid) void loadProgressLines();
  }, [uid]);
  return uid && lines.status === 'loaded' ? lines.value : null;
}

interface Props {
  line: CourseProgressLine | undefined;
  strings: Sections<'progress.line'>;
}

/** A course's share of passed cases, once the learner has played it. */
export default function ProgressLine({ line, strings }: Props) {
  if (!line || (line.attempts === 0 && line.passed === 0)) return null;
  return (
    <p className="progress-line">
      <progress max={100} value={line.percent} aria-label={fill(strings['progress.line.bar'], { title: line.title })} />
      <span>{fill(strings['progress.line.short'], { percent: line.percent, passed: line.passed, total: line.total })}</span>
    </p>
  );
}
