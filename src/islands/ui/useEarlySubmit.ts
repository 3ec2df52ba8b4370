import { useLayoutEffect, type RefObject } from 'react';

/**
 * A form rendered with `data-early-submit={hydrated ? 'ready' : 'waiting'}` can be submitted before its island runs:
 * the Base layout's inline script holds that submit and marks the form "asked". Right after hydration this hands
 * `submit` the form's fields as they are then (the island's state has not taken them in yet), so the person's Enter
 * or press is not lost.
 */
export function useEarlySubmit(form: RefObject<HTMLFormElement | null>, submit: (fields: FormData) => void): void {
  useLayoutEffect(() => {
    const element = form.current;
    if (element?.dataset.earlySubmit === 'asked') submit(new FormData(element));
    // Once, at hydration: from then on the island's own onSubmit answers.
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- a later run would send the held submit again.
  }, []);
}
