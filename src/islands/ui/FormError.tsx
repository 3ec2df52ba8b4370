import type { ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Announced as it appears (role="alert"), unless the section reports a background load's failure quietly. */
  announce?: boolean;
}

/** A form's or a section's failure in the site's error style, written once for every island. */
export default function FormError({ children, announce = true }: Props) {
  return (
    <p className="form-error" role={announce ? 'alert' : undefined}>
      {children}
    </p>
  );
}
