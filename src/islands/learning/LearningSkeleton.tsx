import type { Sections } from '../../i18n/index.ts';

/** My learning before the session and the courses are known: the final layout's shape, so nothing jumps when they arrive. */
export default function LearningSkeleton({ strings }: { strings: Sections<'learning'> }) {
  return (
    <div className="learning" aria-busy="true">
      <section aria-labelledby="learning-courses-title">
        <h2 id="learning-courses-title">{strings['learning.courses']}</h2>
        <p className="muted" role="status">
          {strings['learning.loading']}
        </p>
        <ul className="learning-courses" aria-hidden="true">
          {[0, 1].map((i) => (
            <li key={i} className="learning-course skeleton">
              <span className="skeleton-picture" />
              <span className="skeleton-lines">
                <span className="skeleton-line skeleton-title" />
                <span className="skeleton-line" />
                <span className="skeleton-line skeleton-short" />
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
