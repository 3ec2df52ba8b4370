import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { contactProblems, type ContactField, type ContactInput } from '../../domain/contact.ts';
import { detectPlatform } from '../../domain/platform.ts';
import { sendMessage, type ContactKind } from '../../stores/meta/contact.ts';
import { useAdoptTyped } from '../ui/useAdoptTyped.ts';
import type { Sections } from '../../i18n/index.ts';

const EMPTY: ContactInput = { name: '', email: '', question: '' };
export const PLATFORMS = ['windows', 'mac', 'browser', 'other'] as const;
export type Platform = (typeof PLATFORMS)[number];
/** The Platform tag the support team receives, whatever the visitor's language. */
const PLATFORM_TAGS: Record<Platform, string> = { windows: 'Windows', mac: 'macOS', browser: 'Browser', other: 'Other' };

/**
 * The contact form's draft: what was typed (adopted from the page when typed before the island ran), the platform
 * (detected unless chosen), the errors beside the fields, and the sending, which keeps what was typed when it fails.
 */
export function useContactForm(kind: ContactKind, strings: Sections<'contact'>) {
  const [input, setInput] = useState<ContactInput>(EMPTY);
  const [platform, setPlatform] = useState<Platform>('windows');
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const id = (name: string) => `${kind}-${name}`;
  const form = useRef<HTMLFormElement>(null);
  const platformChosen = useRef(false);

  useAdoptTyped(form, (typed) => {
    const value = (field: ContactField) => typed[id(field)];
    setInput((current) => ({ name: value('name') ?? current.name, email: value('email') ?? current.email, question: value('question') ?? current.question }));
    const chosen = typed[id('platform')];
    if (PLATFORMS.includes(chosen as Platform)) {
      platformChosen.current = true;
      setPlatform(chosen as Platform);
    }
  });

  useEffect(() => {
    if (platformChosen.current) return;
    const detected = detectPlatform(navigator.platform || '');
    setPlatform(detected === 'Unknown' ? 'browser' : detected);
  }, []);

  const change = (field: ContactField) => (value: string) => {
    setInput({ ...input, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
    if (state === 'sent') setState('idle');
  };

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const problems = contactProblems(input);
    const messages = Object.fromEntries(
      Object.entries(problems).map(([f, p]) => [f, strings[p === 'email' ? 'contact.error.email' : 'contact.error.required']]),
    );
    setErrors(messages);
    if (Object.keys(messages).length) return;
    setState('sending');
    try {
      await sendMessage(kind, input, PLATFORM_TAGS[platform]);
      setInput(EMPTY);
      setState('sent');
    } catch {
      setState('failed');
    }
  }

  return { form, id, input, change, platform, setPlatform, errors, state, submit };
}
