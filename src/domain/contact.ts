/** A contact or support message as a person types it. */
export interface ContactInput {
  name: string;
  email: string;
  question: string;
}

export type ContactField = keyof ContactInput;
export type ContactProblem = 'required' | 'email';

/** Longest name, email and question a form accepts (the stand-in refuses longer ones too). */
export const CONTACT_LIMITS: Record<ContactField, number> = { name: 200, email: 320, question: 5000 };

/** Whether a text looks like an email address: something, an @, a domain with a dot; no spaces. */
export const isEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** What is wrong with each field, if anything: every field is required and the email must look like one. */
export function contactProblems(input: ContactInput): Partial<Record<ContactField, ContactProblem>> {
  const problems: Partial<Record<ContactField, ContactProblem>> = {};
  if (!input.name.trim()) problems.name = 'required';
  if (!input.email.trim()) problems.email = 'required';
  else if (!isEmail(input.email.trim())) problems.email = 'email';
  if (!input.question.trim()) problems.question = 'required';
  return problems;
}

/** The fields the form services receive, named Nombre, Email and Pregunta in every language, so each message reaches the inbox with the same labels. */
export function contactMessage(input: ContactInput) {
  return { Nombre: input.name.trim(), Email: input.email.trim(), Pregunta: input.question.trim() };
}

/** A messaging link (wa.me) to `number` with `text` prefilled. */
export function chatLink(number: string, text: string): string {
  const digits = number.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
