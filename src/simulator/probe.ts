// A read-only view of the live attempt on `window`, for the browser journeys (which steer with it). It hands out
// copies and moves nothing.
import { currentStep } from '../domain/simulator/index.ts';
import type { Session } from './session.ts';

export function exposeProbe(session: Session, marking: { readonly open: boolean }): void {
  Object.assign(window, {
    simulatorProbe: () => {
      const s = session.state;
      return {
        phase: session.phase,
        t: s.t,
        scope: s.scope,
        pose: s.pose,
        aim: s.aim,
        tipHeightMm: s.tipHeightMm,
        laserOn: s.laserOn,
        firing: s.firing,
        sealed: [...s.sealed],
        marks: s.marks.map((m) => ({ ...m })),
        pendingMark: s.pendingMark,
        marking: marking.open,
        contacts: s.contacts,
        nextTarget: s.nextTarget,
        spots: s.spots.length,
        step: currentStep(s),
      };
    },
  });
}
