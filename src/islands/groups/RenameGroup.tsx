import { useState, type SubmitEvent } from 'react';
import { renameGroup } from '../../stores/groups/groups.ts';
import Field from '../ui/Field.tsx';
import { fill } from '../../i18n/fill.ts';
import { isolate } from '../../domain/text.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  name: string;
  busy: boolean;
  strings: Sections<'groups'>;
  /** Told the new name in words once the group is renamed, or null when the renaming failed. */
  onRenamed: (text: string | null) => void;
}

/** The form that renames the group. */
export default function RenameGroup({ name: current, busy, strings, onRenamed }: Props) {
  const [name, setName] = useState(current);

  async function rename(e: SubmitEvent) {
    e.preventDefault();
    const done = await renameGroup(name.trim());
    onRenamed(done ? fill(strings['groups.renamed'], { name: isolate(name.trim()) }) : null);
  }

  return (
    <form className="group-form" onSubmit={(e) => void rename(e)}>
      <Field name="group-rename" label={strings['groups.name']} value={name} maxLength={200} required onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="button button-ghost" disabled={busy || !name.trim() || name.trim() === current}>
        {strings['groups.rename']}
      </button>
    </form>
  );
}
