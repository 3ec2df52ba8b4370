import type { LearnerReview } from '../../api/assessments.ts';
import { isolate } from '../../domain/text.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

/** A launch's case in the director's words: "Module 2, case 3", numbers as the locale writes them. */
export const caseOf = (strings: Sections<'assess'>, locale: string, l: { level: number; case: number }) =>
  fill(strings['assess.caseOf'], { module: l.level.toLocaleString(locale), case: l.case.toLocaleString(locale) });

/** One flag of a sitting's review, about one learner. */
export const reviewText = (strings: Sections<'assess'>, locale: string, f: LearnerReview['flags'][number], learner: string) =>
  f.kind === 'jump'
    ? fill(strings['assess.review.jump'], { learner: isolate(learner), from: f.from.toLocaleString(locale), to: f.to.toLocaleString(locale) })
    : fill(strings[f.kind === 'sameTiming' ? 'assess.review.sameTiming' : 'assess.review.regular'], {
        learner: isolate(learner),
        count: f.count,
        seconds: f.seconds.toLocaleString(locale),
      });
