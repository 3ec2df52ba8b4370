// The balloon's actions (inflate at the chosen volume, detach, puncture), each said over the view as it happens, and
// the keys and buttons that give them and set the volume.
import type { Locale } from '../../i18n/locales.ts';
import type { Translate } from '../strings.ts';
import type { FetoSession } from './session.ts';

/** The volumes the learner can choose, in ml (the contract's 0.05 ml steps). */
export const VOLUME = { min: 0.3, max: 1, step: 0.05, start: 0.3 } as const;
const roundVolume = (v: number) => Math.round(Math.min(VOLUME.max, Math.max(VOLUME.min, v)) * 20) / 20;
const chosenVolume = (volume: HTMLInputElement) => roundVolume(Number(volume.value) || VOLUME.start);

export type BalloonAction = 'inflate' | 'detach' | 'puncture';

/** Carries out a balloon action while the surgery runs, and says what came of it. */
export function balloonActions(session: FetoSession, volume: HTMLInputElement, say: (text: string) => void, t: Translate, lang: Locale) {
  const ml = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (action: BalloonAction) => {
    if (session.phase !== 'running') return;
    const before = session.state;
    if (action === 'inflate') session.act({ type: 'inflate', volumeMl: chosenVolume(volume) });
    else session.act({ type: action });
    const after = session.state;
    if (action === 'inflate' && after.balloon && after.balloon !== before.balloon)
      say(t('sim.feto.said.inflated', { volume: ml.format(after.balloon.volumeMl) }));
    else if (action === 'detach' && after.balloon?.detached && !before.balloon?.detached) say(t('sim.feto.said.detached'));
    else if (action === 'puncture') say(t(after.balloon?.punctured && !before.balloon?.punctured ? 'sim.feto.said.punctured' : 'sim.feto.said.missed'));
  };
}

/** I, D and P for the actions, minus and plus for the volume (not while typing in its field), and the balloon's buttons. */
export function bindBalloonKeys(session: FetoSession, volume: HTMLInputElement, act: (action: BalloonAction) => void): void {
  const nudgeVolume = (by: number) => (volume.value = String(roundVolume(chosenVolume(volume) + by)));
  window.addEventListener('keydown', (e) => {
    if (session.phase !== 'running' || e.repeat || e.ctrlKey || e.metaKey || e.altKey || e.target === volume) return;
    const action = ({ KeyI: 'inflate', KeyD: 'detach', KeyP: 'puncture' } as const)[e.code as 'KeyI' | 'KeyD' | 'KeyP'];
    if (action) {
      e.preventDefault();
      act(action);
    } else if (e.code === 'Minus' || e.code === 'NumpadSubtract' || e.code === 'Equal' || e.code === 'NumpadAdd') {
      e.preventDefault();
      nudgeVolume(e.code === 'Minus' || e.code === 'NumpadSubtract' ? -VOLUME.step : VOLUME.step);
    }
  });
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-feto]'))
    button.addEventListener('click', () => act(button.dataset['feto'] as BalloonAction));
}
