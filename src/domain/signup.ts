/** What the sign-up form asks for; validateSignup's failures each name the translation key shown next to its field. */
export interface SignupInput {
  name: string;
  lastname: string;
  contact: string;
  email: string;
  password: string;
  repeat: string;
  /** The terms of use (and privacy notice) accepted: a sign-up records them, so none goes ahead without. */
  terms: boolean;
}

export type SignupField = keyof SignupInput;
export type SignupErrorKey =
  'signup.error.name' | 'signup.error.lastname' | 'signup.error.email' | 'signup.error.password' | 'signup.error.repeat' | 'signup.error.terms';

export const MIN_PASSWORD_LENGTH = 6;

const blank = (value: string) => value.trim() === '';

export function validateSignup(input: SignupInput): Partial<Record<SignupField, SignupErrorKey>> {
  const errors: Partial<Record<SignupField, SignupErrorKey>> = {};
  if (blank(input.name)) errors.name = 'signup.error.name';
  if (blank(input.lastname)) errors.lastname = 'signup.error.lastname';
  if (blank(input.email)) errors.email = 'signup.error.email';
  if (input.password.length < MIN_PASSWORD_LENGTH) errors.password = 'signup.error.password';
  if (input.password !== input.repeat) errors.repeat = 'signup.error.repeat';
  if (!input.terms) errors.terms = 'signup.error.terms';
  return errors;
}

/** The user's name as the profile's one name field stores it: first and last name joined by a space. */
export function fullName(name: string, lastname: string): string {
  return `${name.trim()} ${lastname.trim()}`;
}
