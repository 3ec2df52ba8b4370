import type { Sections } from '../../i18n/index.ts';
import { PLATFORMS, type Platform } from './useContactForm.ts';

interface Props {
  id: string;
  value: Platform;
  onChange: (platform: Platform) => void;
  /** Partial: the support page passes them, the home page's contact form has no platform. */
  strings: Partial<Sections<'support'>>;
}

/** The platform's name in the visitor's language. */
const PLATFORM_LABELS = {
  windows: 'support.platform.windows',
  mac: 'support.platform.mac',
  browser: 'support.platform.browser',
  other: 'support.platform.other',
} as const satisfies Record<Platform, keyof Sections<'support'>>;

/** The support form's question of the platform the simulator runs on. */
export default function PlatformField({ id, value, onChange, strings }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>{strings['support.platform']}</label>
      <select id={id} name={id} value={value} onChange={(e) => onChange(e.target.value as Platform)}>
        {PLATFORMS.map((p) => (
          <option key={p} value={p}>
            {strings[PLATFORM_LABELS[p]]}
          </option>
        ))}
      </select>
    </div>
  );
}
