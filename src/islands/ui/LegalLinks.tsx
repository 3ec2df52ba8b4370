/** Where the terms of use and the privacy notice are read, in the page's language. */
export interface LegalHrefs {
  terms: string;
  privacy: string;
}

interface Props {
  hrefs: LegalHrefs;
  strings: { 'legal.terms': string; 'legal.privacy': string };
  lead?: string;
}

/** Links to the terms of use and the privacy notice, beside what a person accepts by going on (sign-up, Google). */
export default function LegalLinks({ hrefs, strings, lead }: Props) {
  return (
    <p className="legal-links">
      {lead && <span>{lead} </span>}
      <a href={hrefs.terms}>{strings['legal.terms']}</a>
      <span aria-hidden="true"> · </span>
      <a href={hrefs.privacy}>{strings['legal.privacy']}</a>
    </p>
  );
}
