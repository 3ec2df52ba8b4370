import { useState } from 'react';
import { startAssessment, type CodeState, type PlayContext } from '../../stores/launch/launch.ts';
import Field from '../ui/Field.tsx';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  ctx: PlayContext;
  assessed: boolean;
  code: CodeState;
  strings: Sections<'course'>;
}

const REFUSED = {
  unknown: 'course.assessment.unknown',
  expired: 'course.assessment.expired',
  notStarted: 'course.assessment.notStarted',
  used: 'course.assessment.used',
  limited: 'course.assessment.limited',
  error: 'course.launchError',
} as const;

/** In the open-case dialog of a course requiring assessment: the window's code, or that this launch is an assessment. */
export default function AssessmentCode({ ctx, assessed, code, strings }: Props) {
  const [typed, setTyped] = useState('');
  if (assessed)
    return (
      <p className="launch-assessed" role="status" data-note="assessed">
        {strings['course.assessment.ready']}
      </p>
    );
  const refused = code === 'idle' || code === 'checking' ? undefined : strings[REFUSED[code]];
  return (
    <form
      className="assessment-code"
      onSubmit={(e) => {
        e.preventDefault();
        void startAssessment(ctx, typed);
      }}
    >
      <p>{strings['course.assessment.intro']}</p>
      <Field
        name="assessment-code"
        label={strings['course.assessment.code']}
        value={typed}
        maxLength={9}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="ltr"
        required
        error={refused}
        onChange={(e) => setTyped(e.target.value)}
      />
      <button type="submit" className="button button-small" disabled={code === 'checking'}>
        {strings['course.assessment.start']}
      </button>
    </form>
  );
}
