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

/**
 * Pause and resume as both simulator pages have them: the panel over the view while paused, Resume back to the view,
 * and a pause whenever the learner leaves the window or the tab. `letGo` lets go of what the page holds open first
 * (the laser's marking dialog); the held controls are let go of in any case.
 */
export function bindPause(
  session: { readonly phase: string; pause(): void; resume(): void },
  input: { reset(): void },
  view: HTMLElement,
  letGo: () => void = () => undefined,
): { pause(): void; resume(): void } {
  const pause = () => {
    if (session.phase !== 'running') return;
    letGo();
    session.pause();
    input.reset();
    show($('sim-paused'), $('sim-resume'));
  };
  const resume = () => {
    if (session.phase !== 'paused') return;
    session.resume();
    show(null, view);
  };
  $('sim-resume').addEventListener('click', resume);
  window.addEventListener('blur', pause);
  document.addEventListener('visibilitychange', () => document.hidden && pause());
  return { pause, resume };
}
