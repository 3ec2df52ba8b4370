// The marking dialog: M remembers the point under the beam, then the learner says which kind of anastomosis it
// is (1-4 or a button) or cancels (Escape). The surgery clock keeps running; held controls are let go.
import { ANASTOMOSIS_KINDS, type AnastomosisKind } from '../domain/simulator/index.ts';
import type { Session } from './session.ts';

const DIGITS: Record<string, AnastomosisKind> = Object.fromEntries(
  ANASTOMOSIS_KINDS.flatMap((kind, i) => [
    [`Digit${i + 1}`, kind],
    [`Numpad${i + 1}`, kind],
  ]),
);

export interface Marking {
  readonly open: boolean;
  /** Marks the point under the beam and asks for its kind; false when the aim is off the plate. */
  start(): boolean;
  cancel(): void;
}

export function createMarking(session: Session, hooks: { opened(): void; closed(kind: AnastomosisKind | null): void }): Marking {
  const dialog = document.getElementById('sim-mark')!;
  const buttons = [...dialog.querySelectorAll<HTMLButtonElement>('button[data-kind]')];
  const cancelButton = document.getElementById('sim-mark-cancel') as HTMLButtonElement;
  let open = false;

  const close = (kind: AnastomosisKind | null) => {
    if (!open) return;
    open = false;
    dialog.hidden = true;
    session.act(kind ? { type: 'classify', kind } : { type: 'cancelMark' });
    hooks.closed(kind);
  };
  for (const button of buttons) button.addEventListener('click', () => close(button.dataset.kind as AnastomosisKind));
  cancelButton.addEventListener('click', () => close(null));
  window.addEventListener('keydown', (e) => {
    const kind = DIGITS[e.code];
    if (!open || !kind) return;
    e.preventDefault();
    close(kind);
  });
  dialog.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    // Focus stays in the dialog while it is open.
    const focusable = [...buttons, cancelButton];
    const at = focusable.indexOf(document.activeElement as HTMLButtonElement);
    e.preventDefault();
    focusable[(at + (e.shiftKey ? -1 : 1) + focusable.length) % focusable.length]!.focus();
  });

  return {
    get open() {
      return open;
    },
    start() {
      if (open || session.phase !== 'running') return false;
      session.act({ type: 'mark' });
      if (!session.state.pendingMark) return false;
      session.release();
      open = true;
      dialog.hidden = false;
      hooks.opened();
      // Over the view: focusing it must not scroll the page, which would take the view away.
      buttons[0]!.focus({ preventScroll: true });
      return true;
    },
    cancel() {
      close(null);
    },
  };
}
