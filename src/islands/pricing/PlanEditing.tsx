import type { CourseSummary } from '../../api/courses.ts';
import type { Plan } from '../../api/pricing.ts';
import PlanForm from './PlanForm.tsx';
import HistoryPanel from '../ui/HistoryPanel.tsx';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  plan: Plan;
  titleId: string;
  /** The plan's active subscribers: undefined while counting, null when the count could not be read. */
  holders: number | null | undefined;
  courses: CourseSummary[];
  locale: string;
  strings: Sections<'pricing' | 'common' | 'history'>;
  onClose: () => void;
}

/** A plan's card while an admin edits it: the form, and the plan's history of changes. */
export default function PlanEditing({ plan, titleId, holders, courses, locale, strings, onClose }: Props) {
  return (
    <article className="plan-card plan-card-editing" aria-labelledby={titleId}>
      <h2 id={titleId}>{plan.title}</h2>
      <PlanForm plan={plan} subscribers={holders} courses={courses} locale={locale} strings={strings} onDone={onClose} onCancel={onClose} />
      <HistoryPanel entity="plan" id={plan.id} locale={locale} strings={strings} names={Object.fromEntries(courses.map((c) => [c.id, c.title]))} heading="h3" />
    </article>
  );
}
