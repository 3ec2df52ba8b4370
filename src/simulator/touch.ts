// The on-screen controls of a touch screen: a stick to pivot the fetoscope about the trocar, a slider for depth,
// roll buttons and fire held under the thumbs, and taps for the aiming beam, a mark and pause. Each control
// follows its own finger (pointer capture), so one thumb steers while the other holds fire.
import { laserStatus, type Controls, type SimState } from '../domain/simulator/index.ts';
import type { Commands, InputMixer } from './controls.ts';

/**
 * A finger's place on a stick as a reading in the unit disc: `dx`, `dy` from the stick's centre in CSS pixels
 * (down positive, as on screen), `radius` the travel to full deflection; up reads positive.
 */
export function stickReading(dx: number, dy: number, radius: number): { x: number; y: number } {
  const length = Math.hypot(dx, dy) / radius;
  const scale = length > 1 ? 1 / length : 1;
  return { x: (dx / radius) * scale || 0, y: (-dy / radius) * scale || 0 };
}

/** Follows one finger on `el` at a time from its first touch to its release, with pointer capture. */
function follow(el: HTMLElement, moved: (e: PointerEvent) => void, released: () => void): () => void {
  let finger: number | null = null;
  const release = () => {
    if (finger === null) return;
    if (el.hasPointerCapture(finger)) el.releasePointerCapture(finger);
    finger = null;
    released();
  };
  el.addEventListener('pointerdown', (e) => {
    if (finger !== null) return;
    e.preventDefault();
    finger = e.pointerId;
    el.setPointerCapture(e.pointerId);
    moved(e);
  });
  el.addEventListener('pointermove', (e) => e.pointerId === finger && moved(e));
  for (const type of ['pointerup', 'pointercancel', 'lostpointercapture'] as const) {
    el.addEventListener(type, (e) => e.pointerId === finger && release());
  }
  return release;
}

/**
 * A tapped button acts when the finger lifts over it: the browser makes no click of a tap while another finger
 * holds a stick. The tap's own click is cancelled, or it would land on what the tap opened (the marking dialog
 * over the controls); a click without a pointer (Enter or Space on the focused button) acts.
 */
function onTap(el: HTMLElement, act: () => void): HTMLElement {
  let finger: number | null = null;
  el.addEventListener('pointerdown', (e) => (finger = e.pointerId));
  el.addEventListener('pointercancel', () => (finger = null));
  el.addEventListener('pointerup', (e) => {
    const over = el.contains(document.elementFromPoint(e.clientX, e.clientY));
    if (e.pointerId === finger && over) act();
    finger = null;
  });
  el.addEventListener('touchend', (e) => e.preventDefault());
  el.addEventListener('click', (e) => e.detail === 0 && act());
  return el;
}

export interface TouchControls {
  /** Shows the beam and the fire as they are in the model. */
  update(state: SimState): void;
}

/** Binds the controls inside `root` (their markup is on the page) to the mixer's touch source and the commands. */
export function bindTouch(root: HTMLElement, input: InputMixer, commands: Commands): TouchControls {
  const held: Partial<Controls> = {};
  const releases: (() => void)[] = [];
  const source = input.source('touch', () => {
    for (const release of releases) release();
  });
  const part = <T extends HTMLElement = HTMLElement>(name: string) => root.querySelector<T>(`[data-touch="${name}"]`)!;

  // The sticks: the knob sits under the finger, within the stick's travel; the reading is rounded by the mixer.
  const stick = (name: string, axes: { x?: keyof Controls; y?: keyof Controls }) => {
    const el = part(name);
    const knob = el.querySelector<HTMLElement>('.sim-knob')!;
    const set = (x: number, y: number, radius: number) => {
      if (axes.x) held[axes.x] = x;
      if (axes.y) held[axes.y] = y;
      knob.style.translate = `${x * radius}px ${-y * radius}px`;
      source.hold(held);
    };
    releases.push(
      follow(
        el,
        (e) => {
          const box = el.getBoundingClientRect();
          const radius = (Math.max(box.width, box.height) - knob.offsetHeight) / 2;
          const r = stickReading(e.clientX - (box.left + box.width / 2), e.clientY - (box.top + box.height / 2), radius);
          set(axes.x ? r.x : 0, axes.y ? r.y : 0, radius);
        },
        () => set(0, 0, 0),
      ),
    );
  };
  stick('pivot', { x: 'turnX', y: 'turnY' });
  stick('depth', { y: 'insert' });

  // Held buttons: roll while pressed, fire while pressed.
  const holdButton = (name: string, down: () => void, up: () => void) => {
    const el = part(name);
    const release = follow(el, down, () => {
      el.removeAttribute('data-held');
      up();
    });
    el.addEventListener('pointerdown', () => el.setAttribute('data-held', ''));
    releases.push(release);
  };
  for (const [name, roll] of [
    ['roll-left', -1],
    ['roll-right', 1],
  ] as const) {
    holdButton(
      name,
      () => source.hold(Object.assign(held, { roll })),
      () => source.hold(Object.assign(held, { roll: 0 })),
    );
  }
  holdButton(
    'fire',
    () => source.fire(true),
    () => source.fire(false),
  );

  const laser = onTap(part('laser'), () => commands.laser());
  onTap(part('mark'), () => commands.mark());
  onTap(part('exchange'), () => commands.exchange());
  onTap(part('wipe'), () => commands.wipe?.());
  onTap(part('pause'), () => commands.escape());
  // A long press would open the browser's menu or select text under the thumb.
  root.addEventListener('contextmenu', (e) => e.preventDefault());

  const fire = part('fire');
  return {
    update(state) {
      laser.setAttribute('aria-pressed', String(state.laserOn));
      fire.dataset.state = { firing: 'firing', on: 'ready', off: 'off' }[laserStatus(state)];
    },
  };
}
