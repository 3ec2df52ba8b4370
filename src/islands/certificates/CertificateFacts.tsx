import type { CertificateVerification } from '../../api/certificates.ts';
import { formatDay } from '../../domain/format.ts';
import { isolate } from '../../domain/text.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  certificate: CertificateVerification;
  locale: string;
  strings: Sections<'verify' | 'cert.kind'>;
}

/** What a certificate states: its holder, course, date and kind, the sittings that assessed it, its id and the cases assessed. */
export default function CertificateFacts({ certificate, locale, strings }: Props) {
  return (
    <dl>
      <dt>{strings['verify.holder']}</dt>
      <dd>
        <bdi>{certificate.holderName}</bdi>
      </dd>
      <dt>{strings['verify.course']}</dt>
      <dd>
        <bdi>{certificate.courseTitle}</bdi>
      </dd>
      <dt>{strings['verify.date']}</dt>
      <dd>
        <time dateTime={certificate.completedAt}>{formatDay(locale, certificate.completedAt)}</time>
      </dd>
      <dt>{strings['verify.kind']}</dt>
      <dd className="verify-kind" data-kind={certificate.kind}>
        {strings[certificate.kind === 'assessed' ? 'cert.kind.assessed' : 'cert.kind.completion']}
        {certificate.kind === 'completion' && <span className="muted"> {strings['cert.kind.practiceNote']}</span>}
      </dd>
      {certificate.sittings.length > 0 && (
        <>
          <dt>{strings['verify.sittings']}</dt>
          <dd>
            <ul className="verify-sittings">
              {certificate.sittings.map((k) => (
                <li key={`${k.startsAt}.${k.openedBy}`}>
                  {fill(strings['cert.kind.sitting'], { name: isolate(k.openedBy), date: formatDay(locale, k.startsAt) })}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
      <dt>{strings['verify.id']}</dt>
      <dd>
        <bdi dir="ltr">{certificate.id}</bdi>
      </dd>
      {certificate.assessedCases.length > 0 && (
        <>
          <dt>{strings['verify.assessed']}</dt>
          <dd>
            <ul className="verify-assessed">
              {certificate.assessedCases.map((k) => (
                <li key={`${k.module}.${k.case}`}>
                  {fill(strings['verify.assessedCase'], { module: k.module.toLocaleString(locale), case: k.case.toLocaleString(locale), title: k.title })}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </dl>
  );
}
