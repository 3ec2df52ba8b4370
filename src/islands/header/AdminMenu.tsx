import { useRef, useState } from 'react';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  adminUsersHref: string;
  groupsHref: string;
  strings: Sections<'nav'>;
}

/** The header's Admin menu: opens on hover or press, closes on Escape (focus back on its button) or when focus leaves it. */
export default function AdminMenu({ adminUsersHref, groupsHref, strings }: Props) {
  const [adminOpen, setAdminOpen] = useState(false);
  const adminButton = useRef<HTMLButtonElement>(null);
  return (
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- the wrapper only gathers its button's and list's hover and Escape; both are reachable by keyboard.
    <div
      className="admin-menu"
      onMouseEnter={() => setAdminOpen(true)}
      onMouseLeave={() => setAdminOpen(false)}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !adminOpen) return;
        // Only this list closes: the phone menu around it stays open, with focus back on the Admin button.
        e.preventDefault();
        setAdminOpen(false);
        adminButton.current?.focus();
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setAdminOpen(false);
      }}
    >
      <button ref={adminButton} type="button" aria-expanded={adminOpen} aria-haspopup="true" onClick={() => setAdminOpen(!adminOpen)}>
        {strings['nav.admin']}
      </button>
      {adminOpen && (
        <ul className="menu">
          <li>
            <a href={adminUsersHref}>{strings['nav.adminUsers']}</a>
          </li>
          <li>
            <a href={groupsHref}>{strings['nav.groups']}</a>
          </li>
        </ul>
      )}
    </div>
  );
}
