import { COMPLICATIONS, type Complication } from '../../domain/simulator/complications.ts';
import { setCaseComplication } from '../../stores/courses/editor.ts';
import type { Sections } from '../../i18n/index.ts';
import CaseParamField from './CaseParamField.tsx';

type Strings = Sections<'course.sim'>;

interface Props {
  /** The case's simulator fieldset, whose id this field's ids extend. */
  id: string;
  /** Module and case positions, from 0, as the editor's actions take them. */
  moduleIndex: number;
  index: number;
  complication: Complication | undefined;
  strings: Strings;
}

const LABELS: Record<Complication | 'none', keyof Strings> = {
  none: 'course.sim.complication.none',
  'entry-bleed': 'course.sim.complication.entry-bleed',
  separation: 'course.sim.complication.separation',
  'moving-donor': 'course.sim.complication.moving-donor',
};

/** A selective or Solomon case's complication, which the learner must manage (complications.ts): none unless chosen. */
export default function CaseComplicationField({ id, moduleIndex, index, complication, strings }: Props) {
  return (
    <CaseParamField<Complication | 'none'>
      id={`${id}-complication`}
      label={strings['course.sim.complication']}
      value={complication ?? 'none'}
      options={(['none', ...COMPLICATIONS] as const).map((c) => [c, strings[LABELS[c]]] as const)}
      describedBy={undefined}
      onChoose={(c) => setCaseComplication(moduleIndex, index, c === 'none' ? null : c)}
    />
  );
}
