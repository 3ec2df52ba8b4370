import type { Learning } from '../../api/learning.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  offers: Learning['offers'];
  coursesHref: string;
  pricingHref: string;
  strings: Sections<'learning'>;
}

/** On My learning, the courses a plan on sale includes that the learner does not hold, each linked to its page. */
export default function LearningOffers({ offers, coursesHref, pricingHref, strings }: Props) {
  return (
    <section aria-labelledby="learning-offers-title">
      <h2 id="learning-offers-title">{strings['learning.offers']}</h2>
      <p>
        {strings['learning.offersText']} <a href={pricingHref}>{strings['learning.seePlans']}</a>
      </p>
      <ul className="learning-offers">
        {offers.map((offer) => (
          <li key={offer.courseId}>
            <a href={`${coursesHref}/${encodeURIComponent(offer.courseId)}`}>
              <bdi>{offer.title}</bdi>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
