import type { PlausibilityFlag } from '../../domain/simulator/index.ts';
import { flagReasons, type FlagKey } from '../../simulator/flag-text.ts';

interface Props {
  flags: readonly PlausibilityFlag[];
  /** The page's strings: the reasons are read from `sim.flag.*`. */
  strings: Readonly<Record<FlagKey, string>>;
  className?: string;
}

/** Why an attempt was flagged, one reason a line; nothing for an attempt flagged before reasons were kept. */
export default function FlagReasons({ flags, strings, className }: Props) {
  if (flags.length === 0) return null;
  return (
    <ul className={className}>
      {flagReasons(flags, (key) => strings[key]).map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}
