import { useEffect, useRef, type ReactNode } from 'react';
import '../../styles/dialog.css';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/** A modal <dialog>: focus moves in and back, Escape closes it, and it is named by its heading. */
export default function Dialog({ open, title, onClose, children, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useRef(`dialog-${Math.random().toString(36).slice(2)}`).current;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className={`dialog ${className ?? ''}`} aria-labelledby={headingId} onClose={onClose}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </dialog>
  );
}
