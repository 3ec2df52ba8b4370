import { useEffect } from 'react';
import { formatDay } from '../../domain/format.ts';
import { $verification, certificateIdOf, verify } from '../../stores/certificates/certificate.ts';
import { $session } from '../../stores/session.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useSessionWhenIdle } from '../ui/useSessionWhenIdle.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import CertificateFacts from './CertificateFacts.tsx';
import RevokeForm from './RevokeForm.tsx';

interface Props {
  locale: string;
  strings: Sections<'verify' | 'cert.kind'>;
}

/** The public check of a certificate named by the address: genuine, revoked or unknown; admins may revoke it here. */
export default function CertificateCheck({ locale, strings }: Props) {
  const state = useIslandStore($verification);
  const session = useIslandStore($session);
  useSessionWhenIdle();
  useEffect(() => void verify(certificateIdOf(window.location.pathname)), []);

  if (state.status === 'loading') return <p role="status">{strings['verify.loading']}</p>;
  if (state.status === 'unknown')
    return (
      <p className="verify-status unknown" role="alert">
        {strings['verify.unknown']}
      </p>
    );
  if (state.status === 'error')
    return (
      <p className="verify-status unknown" role="alert">
        {strings['verify.error']}
      </p>
    );
  const { certificate } = state;
  const revoked = certificate.status === 'revoked';
  return (
    <div className="verify">
      <p className={`verify-status ${certificate.status}`} role="status" data-status={certificate.status}>
        {revoked ? fill(strings['verify.revoked'], { date: formatDay(locale, certificate.revokedAt!) }) : strings['verify.valid']}
      </p>
      <CertificateFacts certificate={certificate} locale={locale} strings={strings} />
      {session.user?.isAdmin && !revoked && <RevokeForm strings={strings} />}
    </div>
  );
}
