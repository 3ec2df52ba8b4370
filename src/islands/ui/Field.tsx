import type { InputHTMLAttributes } from 'react';
import FieldError from './FieldError.tsx';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  error?: string | undefined;
}

/** A labelled input with its error shown next to it and announced to screen readers. */
export default function Field({ name, label, error, ...input }: Props) {
  const id = `field-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
