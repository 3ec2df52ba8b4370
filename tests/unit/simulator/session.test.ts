import { describe, expect, it } from 'vitest';
import { buildScenario, defaultCaseParams, seedFor } from '../../../src/domain/simulator/index.ts';
import { createSession } from '../../../src/simulator/session.ts';

/** A session of a selective case on a clock the test moves by hand. */
function session() {
  let now = 1000;
  const s = createSession(buildScenario(defaultCaseParams(2, 1), seedFor('test-course', 2, 1, 3)), () => now);
  return { s, wait: (ms: number) => (now += ms) };
}

const held = { type: 'input', turnX: 1, turnY: 0, insert: 0, roll: 0 } as const;

describe('the live session', () => {
  it('starts its clock at open, with the scope and entry site chosen, and ignores actions before it', () => {
    const { s, wait } = session();
    s.act({ type: 'laserOn' });
    wait(5000);
    expect(s.clock()).toBe(0);
    s.open('straight', 4);
    wait(250);
    expect(s.clock()).toBe(250);
    expect(s.state.log).toEqual([{ t: 0, type: 'open', scope: 'straight', site: 4 }]);
    expect(s.state.trocar).toBe(s.state.scenario.sites[4]);
    const { s: unplanned } = session();
    unplanned.open('straight', null);
    expect(unplanned.state.log).toEqual([{ t: 0, type: 'open', scope: 'straight' }]);
    expect(unplanned.state.trocar).toBe(unplanned.state.scenario.trocar);
  });

  it('stops the clock while paused and lets go of held controls, so nothing moves or burns', () => {
    const { s, wait } = session();
    s.open('straight', 4);
    s.act({ type: 'laserOn' });
    s.act(held);
    s.act({ type: 'fireStart' });
    wait(100);
    s.pause();
    const at = s.clock();
    expect(s.state.input).toEqual({ turnX: 0, turnY: 0, insert: 0, roll: 0 });
    expect(s.state.firing).toBe(false);
    const pose = s.tick().pose;
    wait(10_000);
    s.act(held);
    expect(s.tick().t).toBe(at);
    expect(s.state.pose).toBe(pose);
    s.resume();
    wait(40);
    expect(s.tick().t).toBe(at + 40);
  });

  it('lets go of held controls without stopping the clock, as when the marking dialog opens', () => {
    const { s, wait } = session();
    s.open('straight', 4);
    s.act(held);
    wait(300);
    s.release();
    expect(s.state.input).toEqual({ turnX: 0, turnY: 0, insert: 0, roll: 0 });
    wait(200);
    expect(s.tick().t).toBe(500);
    expect(s.state.log.map((e) => e.type)).toEqual(['open', 'input', 'input']);
  });

  it('cancels a pending mark when pausing', () => {
    const { s } = session();
    s.open('straight', 4);
    s.act({ type: 'mark' });
    expect(s.state.pendingMark).not.toBeNull();
    s.pause();
    expect(s.state.pendingMark).toBeNull();
  });

  it('finishes once, with the surgery time the log replays to', () => {
    const { s, wait } = session();
    s.open('straight', 4);
    wait(1200);
    s.pause();
    wait(3000);
    s.finish();
    expect(s.phase).toBe('finished');
    expect(s.state.finishedAt).toBe(1200);
    wait(500);
    s.finish();
    s.act({ type: 'laserOn' });
    expect(s.state.log.map((e) => e.type)).toEqual(['open', 'finish']);
  });
});
