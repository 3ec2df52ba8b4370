import type { CertificateOutlook } from '../../domain/certificate-outlook.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

const TO_GO = { completion: 'cert.toGo.completion', assessed: 'cert.toGo.assessed' } as const;
const WHERE = { completion: 'cert.where.completion', assessed: 'cert.where.assessed' } as const;

interface Props {
  outlook: CertificateOutlook;
  strings: Sections<'cert'>;
}

/** The way to a course's certificate: the cases left, the kind of certificate they lead to, how to earn it and where it appears. */
export default function CertificateWay({ outlook, strings }: Props) {
  return (
    <div className="certificate-way" data-kind={outlook.kind}>
      <p className="certificate-way-count">{fill(strings[TO_GO[outlook.kind]], { n: outlook.casesLeft })}</p>
      <p className="certificate-way-how">{strings[WHERE[outlook.kind]]}</p>
    </div>
  );
}
