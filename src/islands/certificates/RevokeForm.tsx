import { useState } from 'react';
import { revoke } from '../../stores/certificates/certificate.ts';
import Field from '../ui/Field.tsx';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

interface Props {
  strings: Sections<'verify'>;
}

/** An admin's revocation of the certificate shown, with the reason. */
export default function RevokeForm({ strings }: Props) {
  const [reason, setReason] = useState('');
  const [failed, setFailed] = useState(false);
  return (
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
  );
}
