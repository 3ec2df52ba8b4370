import { useEffect, useState } from 'react';
import { formatDay } from '../../domain/format.ts';
import { isolate } from '../../domain/text.ts';
import { $verification, certificateIdOf, revoke, verify } from '../../stores/certificates/certificate.ts';
import { $session } from '../../stores/session.ts';
import Field from '../ui/Field.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useSessionWhenIdle } from '../ui/useSessionWhenIdle.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

interface Props {
  locale: string;
  strings: Sections<'verify' | 'cert.kind'>;
}

/** The public check of a certificate named by the address: genuine, revoked or unknown; admins may revoke it here. */
export default function CertificateCheck({ locale, strings }: Props) {
  const state = useIslandStore($verification);
  const session = useIslandStore($session);
  const [reason, setReason] = useState('');
  const [failed, setFailed] = useState(false);
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
      {session.user?.isAdmin && !revoked && (
        <form
          className="revoke-form"
          onSubmit={(e) => {
            e.preventDefault();
            void revoke(reason).then((ok) => setFailed(!ok));
          }}
        >
          <h2>{strings['verify.revokeTitle']}</h2>
          <Field name="revoke-reason" label={strings['verify.reason']} value={reason} maxLength={500} required onChange={(e) => setReason(e.target.value)} />
          {failed && <FormError>{strings['verify.revokeError']}</FormError>}
          <p>
            <button type="submit" className="button button-danger">
              {strings['verify.revoke']}
            </button>
          </p>
        </form>
      )}
    </div>
  );
}
