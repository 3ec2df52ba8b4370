import { useLayoutEffect, type RefObject } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the server's HTML held: an input's or textarea's value attribute, a select's pre-selected option. */
function serverValue(control: Control): string {
  if (control instanceof HTMLSelectElement) return Array.from(control.options).find((o) => o.defaultSelected)?.value ?? control.options[0]?.value ?? '';
  return control.defaultValue;
}

/**
 * A form's fields are in the page before its island hydrates, and a person may type into them meanwhile; React
 * leaves that text in the DOM while hydrating but its next render would write the island's state back over it.
 * Right after hydration (before that render) this hands `adopt` every named field whose value differs from the
 * server's, so the island takes it into its state.
 */
export function useAdoptTyped(form: RefObject<HTMLFormElement | null>, adopt: (typed: Record<string, string>) => void): void {
  useLayoutEffect(() => {
    const typed: Record<string, string> = {};
    for (const control of Array.from(form.current?.elements ?? [])) {
      const isText =
        (control instanceof HTMLInputElement && !['checkbox', 'radio', 'submit', 'button', 'file'].includes(control.type)) ||
        control instanceof HTMLTextAreaElement;
      if (!(isText || control instanceof HTMLSelectElement) || !control.name) continue;
      if (control.value !== serverValue(control)) typed[control.name] = control.value;
    }
    if (Object.keys(typed).length > 0) adopt(typed);
    // Once, at hydration: from then on the island's state is what the fields show.
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- running again would take the island's own renders for typing.
  }, []);
}
