import { useMemo, useRef } from 'react';
import type { CaseItem } from '../../api/courses.ts';
import { PARAM_BOUNDS, PLACENTA_SITES, SCOPE_OFFERS, type CaseParams, type PlacentaSite, type ScopeOffer } from '../../domain/simulator/params.ts';
import { unwinnableSetup } from '../../domain/simulator/winnable.ts';
import { isBrowserTask, simulatorOf, taskOfCase } from '../../domain/simulators.ts';
import { caseParams, resetCaseParams, setCaseParam } from '../../stores/courses/editor.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import CaseComplicationField from './CaseComplicationField.tsx';
import CaseParamField from './CaseParamField.tsx';
import CaseTaskField from './CaseTaskField.tsx';

type Strings = Sections<'course.sim'>;

interface Props {
  /** Module and case positions, from 0, as the editor's actions take them. */
  moduleIndex: number;
  index: number;
  item: CaseItem;
  locale: string;
  id: string;
  hidden: boolean;
  strings: Strings;
}

const PLACENTA_LABELS: Record<PlacentaSite, keyof Strings> = {
  posterior: 'course.sim.placenta.posterior',
  anterior: 'course.sim.placenta.anterior',
  either: 'course.sim.placenta.either',
};
const SCOPE_LABELS: Record<ScopeOffer, keyof Strings> = {
  straight: 'course.sim.scopes.straight',
  angled: 'course.sim.scopes.angled',
  both: 'course.sim.scopes.both',
};

const steps = (b: { min: number; max: number }, step = 1) =>
  Array.from({ length: Math.round((b.max - b.min) / step) + 1 }, (_, k) => Math.round((b.min + k * step) * 10) / 10);

/**
 * One case's simulator parameters in the course editor. Every value the bounds allow is an option, so the draft
 * never holds a value the server would refuse; a case without its own parameters shows its module's defaults.
 */
export default function CaseSimFields({ moduleIndex, index, item, locale, id, hidden, strings }: Props) {
  const first = useRef<HTMLSelectElement>(null);
  const params = caseParams(item, moduleIndex, index);
  const task = taskOfCase(item, moduleIndex + 1);
  const laser = isBrowserTask(task);
  // Tracheal occlusion has no laser parameters, yet the browser plays it too (on the airway model).
  const desktopOnly = simulatorOf(task) === 'desktop';
  const where = { n: moduleIndex + 1, c: index + 1 };
  const decimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, numberingSystem: 'latn' });
  // Worked out again only when a setting changes: a few placentas are built and every entry site tried.
  const setup = laser ? JSON.stringify(params) : null;
  const unwinnable = useMemo(() => (setup ? unwinnableSetup(JSON.parse(setup) as CaseParams) : null), [setup]);
  const warningId = `${id}-unwinnable`;

  const field = <K extends keyof CaseParams>(key: K, label: keyof Strings, options: ReadonlyArray<readonly [CaseParams[K], string]>) => (
    <CaseParamField
      id={`${id}-${key}`}
      label={strings[label]}
      value={params[key]}
      options={options}
      describedBy={unwinnable && (key === 'placenta' || key === 'scopes') ? warningId : undefined}
      onChoose={(v) => setCaseParam(moduleIndex, index, key, v)}
    />
  );
  const numbers = (b: { min: number; max: number }) => steps(b).map((v) => [v, String(v)] as const);

  return (
    <fieldset className="case-sim" id={id} hidden={hidden}>
      <legend className="visually-hidden">{fill(strings['course.sim.legend'], where)}</legend>
      <p className="case-sim-status">
        <span>{strings[item.sim || item.task ? 'course.sim.custom' : 'course.sim.defaults']}</span>
        {(item.sim || item.task) && (
          <button
            type="button"
            className="button button-small button-ghost"
            aria-label={fill(strings['course.sim.resetCase'], where)}
            onClick={() => {
              resetCaseParams(moduleIndex, index);
              first.current?.focus();
            }}
          >
            {strings['course.sim.reset']}
          </button>
        )}
      </p>
      <CaseTaskField id={id} moduleIndex={moduleIndex} index={index} task={task} desktopOnly={desktopOnly} ref={first} strings={strings} />
      {unwinnable && (
        <p className="case-sim-warning" id={warningId} role="status">
          {fill(strings[params.task === 'navigation' ? 'course.sim.unwinnable.targets' : 'course.sim.unwinnable.equator'], {
            placenta: strings[PLACENTA_LABELS[unwinnable.placenta]],
            reach: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0, numberingSystem: 'latn' }).format(unwinnable.reach),
          })}
        </p>
      )}
      <div className="case-sim-grid" hidden={!laser}>
        {field('difficulty', 'course.sim.difficulty', numbers(PARAM_BOUNDS.difficulty))}
        {field(
          'placenta',
          'course.sim.placenta',
          PLACENTA_SITES.map((p) => [p, strings[PLACENTA_LABELS[p]]] as const),
        )}
        {field(
          'scopes',
          'course.sim.scopes',
          SCOPE_OFFERS.map((s) => [s, strings[SCOPE_LABELS[s]]] as const),
        )}
        {field('anastomoses', 'course.sim.anastomoses', numbers(PARAM_BOUNDS.anastomoses))}
        {field(
          'smallestMm',
          'course.sim.smallestMm',
          steps(PARAM_BOUNDS.smallestMm, 0.1).map((v) => [v, fill(strings['course.sim.mm'], { v: decimal.format(v) })] as const),
        )}
        {field('targets', 'course.sim.targets', numbers(PARAM_BOUNDS.targets))}
        {params.task !== 'navigation' && (
          <CaseComplicationField id={id} moduleIndex={moduleIndex} index={index} complication={params.complication} strings={strings} />
        )}
      </div>
    </fieldset>
  );
}
