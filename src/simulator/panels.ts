// The page's screens and panels: one panel at a time over the view, the stage / debrief / result screens, and a
// short message over the view that clears itself.

export const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** Shows one panel over the view (or none), and moves the focus where the learner goes next. */
export function show(panel: HTMLElement | null, focus?: HTMLElement): void {
  for (const p of document.querySelectorAll<HTMLElement>('.sim-panel:not(#sim-mark)')) p.hidden = p !== panel;
  focus?.focus();
}

/** Shows the stage (view and instruments), the debrief or the final result. */
export function screen(name: 'stage' | 'debrief' | 'result'): void {
  $('sim-stage').hidden = name !== 'stage';
  $('sim-debrief').hidden = name !== 'debrief';
  $('sim-result').hidden = name !== 'result';
}

/** A message over the view (a contact, a mark), read out politely, gone after a few seconds. */
export function createToast(): (text: string) => void {
  const toast = $('sim-toast');
  let timer = 0;
  return (text) => {
    toast.textContent = text;
    clearTimeout(timer);
    timer = window.setTimeout(() => (toast.textContent = ''), 4000);
  };
}
