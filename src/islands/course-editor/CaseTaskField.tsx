import type { Ref } from 'react';
import { CASE_TASKS, type CaseTask } from '../../domain/simulators.ts';
import { setCaseTask } from '../../stores/courses/editor.ts';
import type { Sections } from '../../i18n/index.ts';

type Strings = Sections<'course.sim'>;

interface Props {
  /** The case's simulator fieldset, whose id this field's ids extend. */
  id: string;
  /** Module and case positions, from 0, as the editor's actions take them. */
  moduleIndex: number;
  index: number;
  task: CaseTask;
  /** Whether only the desktop simulator plays the task, which is then said under it. */
  desktopOnly: boolean;
  ref: Ref<HTMLSelectElement>;
  strings: Strings;
}

const TASK_LABELS: Record<CaseTask, keyof Strings> = {
  navigation: 'course.sim.task.navigation',
  selective: 'course.sim.task.selective',
  solomon: 'course.sim.task.solomon',
  bronchoscopy: 'course.sim.task.bronchoscopy',
  'tracheal-occlusion': 'course.sim.task.trachealOcclusion',
  'catheter-placement': 'course.sim.task.catheterPlacement',
  'pleuroamniotic-shunt': 'course.sim.task.pleuroamnioticShunt',
};

/** A case's task in the course editor, with a note when only the desktop simulator plays it. */
export default function CaseTaskField({ id, moduleIndex, index, task, desktopOnly, ref, strings }: Props) {
  return (
    <div className="case-sim-grid">
      <div className="field">
        <label htmlFor={`${id}-task`}>{strings['course.sim.task']}</label>
        <select
          id={`${id}-task`}
          ref={ref}
          value={task}
          aria-describedby={desktopOnly ? `${id}-desktop` : undefined}
          onChange={(e) => {
            const chosen = CASE_TASKS.find((t) => t === e.target.value);
            if (chosen) setCaseTask(moduleIndex, index, chosen);
          }}
        >
          {CASE_TASKS.map((t) => (
            <option key={t} value={t}>
              {strings[TASK_LABELS[t]]}
            </option>
          ))}
        </select>
      </div>
      {desktopOnly && (
        <p className="case-sim-desktop" id={`${id}-desktop`}>
          {strings['course.sim.desktopOnly']}
        </p>
      )}
    </div>
  );
}
