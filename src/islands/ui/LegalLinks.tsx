/** Where the terms of use and the privacy notice are read, in the page's language; the refund policy too where money is paid. */
export interface LegalHrefs {
  terms: string;
  privacy: string;
  refunds?: string;
}

interface Props {
  hrefs: LegalHrefs;
  strings: { 'legal.terms': string; 'legal.privacy': string; 'legal.refunds'?: string };
  lead?: string;
}

/** Links to the terms of use (the refund policy when given) and the privacy notice, beside what a person accepts by going on (sign-up, Google, a payment). */
export default function LegalLinks({ hrefs, strings, lead }: Props) {
  return (
    <p className="legal-links">
      {lead && <span>{lead} </span>}
      <a href={hrefs.terms}>{strings['legal.terms']}</a>
      {hrefs.refunds && strings['legal.refunds'] && (
        <>
          <span aria-hidden="true"> · </span>
          <a href={hrefs.refunds}>{strings['legal.refunds']}</a>
        </>
      )}
      <span aria-hidden="true"> · </span>
      <a href={hrefs.privacy}>{strings['legal.privacy']}</a>
    </p>
  );
}
