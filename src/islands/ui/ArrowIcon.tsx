/** The chevron of a fold-out (a module's cases, a case's parameters); CSS turns it as the part opens. */
export default function ArrowIcon() {
  return (
    <svg className="arrow" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="m6 9 6 6 6-6" />
    </svg>
  );
}
