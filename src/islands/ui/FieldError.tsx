import type { ReactNode } from 'react';

interface Props {
  /** What the control's aria-describedby names, where it has one. */
  id?: string | undefined;
  children: ReactNode;
}

/** A field's error, under it and announced as it appears, written once for every form. */
export default function FieldError({ id, children }: Props) {
  return (
    <p className="field-error" id={id} role="alert">
      {children}
    </p>
  );
}
