import type { LearnerReview } from '../../api/assessments.ts';
import type { Sections } from '../../i18n/index.ts';
import { reviewText } from './sitting-text.ts';

interface Props {
  id: string;
  reviews: LearnerReview[];
  locale: string;
  strings: Sections<'assess'>;
}

/** A sitting's review for its director: each learner's flags (a jump in score, the same timings, a regular hand). */
export default function SittingReview({ id, reviews, locale, strings }: Props) {
  return (
    <section className="sitting-review" aria-labelledby={`${id}-review`}>
      <h3 id={`${id}-review`}>{strings['assess.review.title']}</h3>
      <p className="muted">{strings['assess.review.intro']}</p>
      {reviews.length === 0 ? (
        <p>{strings['assess.review.none']}</p>
      ) : (
        <ul>
          {reviews.flatMap((r) =>
            r.flags.map((f) => (
              <li key={`${r.userId} ${f.kind}`} data-review={f.kind}>
                {reviewText(strings, locale, f, r.learnerName)}
              </li>
            )),
          )}
        </ul>
      )}
    </section>
  );
}
