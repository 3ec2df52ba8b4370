import type { Locale } from '../../i18n/locales.ts';
import { useState } from 'react';
import type { CertificateSummary } from '../../api/certificates.ts';
import { downloadCertificate } from '../../stores/certificates/download.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';
import { formatDay } from '../../domain/format.ts';
import { isolate } from '../../domain/text.ts';
import { fill } from '../../i18n/fill.ts';

interface Props {
  certificate: CertificateSummary;
  locale: Locale;
  /** The locale's path of the verification page, without the id. */
  verifyPath: string;
  strings: Sections<'cert'>;
}

/** Which kind the certificate is, said plainly: assessed in supervised sittings (who opened them, when), or of completion. */
function CertificateKind({ certificate, locale, strings }: Pick<Props, 'certificate' | 'locale' | 'strings'>) {
  const sittings = certificate.sittings.map((k) => fill(strings['cert.kind.sitting'], { name: isolate(k.openedBy), date: formatDay(locale, k.startsAt) }));
  return (
    <p className="certificate-kind" data-kind={certificate.kind}>
      <strong>{strings[certificate.kind === 'assessed' ? 'cert.kind.assessed' : 'cert.kind.completion']}</strong>{' '}
      {certificate.kind === 'assessed' ? fill(strings['cert.kind.sittings'], { sittings: sittings.join('; ') }) : strings['cert.kind.practiceNote']}
    </p>
  );
}

/** A certificate's PDF download (in the page's language) and its public verification page; a revoked one says so. */
export default function CertificateLinks({ certificate, locale, verifyPath, strings }: Props) {
  const [state, setState] = useState<'idle' | 'busy' | 'error'>('idle');
  const verify = `${verifyPath}/${encodeURIComponent(certificate.id)}`;
  if (certificate.revoked) {
    return (
      <p className="certificate-links">
        {strings['cert.revoked']} <a href={verify}>{strings['cert.verifyLink']}</a>
      </p>
    );
  }
  async function download() {
    setState('busy');
    setState((await downloadCertificate(certificate.id, locale)) ? 'idle' : 'error');
  }
  return (
    <div className="certificate-links">
      <CertificateKind certificate={certificate} locale={locale} strings={strings} />
      <button type="button" className="button button-small" disabled={state === 'busy'} onClick={() => void download()}>
        {state === 'busy' ? strings['cert.downloading'] : strings['cert.download']}
      </button>
      <a href={verify}>{strings['cert.verifyLink']}</a>
      {state === 'error' && <FormError>{strings['cert.downloadError']}</FormError>}
    </div>
  );
}
