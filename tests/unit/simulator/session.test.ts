import { describe, expect, it } from 'vitest';
import { createSession } from '../../../src/simulator/session.ts';
import { handMadePlacenta } from './fixtures.ts';

/** A session on a clock the test moves by hand. */
function session() {
  let now = 1000;
  const s = createSession(handMadePlacenta(), () => now);
  return { s, wait: (ms: number) => (now += ms) };
}

describe('the live session', () => {
  it('starts its clock at open and ignores actions before it', () => {
    const { s, wait } = session();
    s.act({ type: 'laserOn' });
    wait(5000);
    expect(s.clock()).toBe(0);
    s.open();
    wait(250);
    expect(s.clock()).toBe(250);
    expect(s.state.log).toEqual([{ t: 0, type: 'open' }]);
  });

  it('stops the clock while paused and lets go of held keys, so nothing moves or burns', () => {
    const { s, wait } = session();
    s.open();
    s.act({ type: 'laserOn' });
    s.act({ type: 'move', dx: 1, dy: 0 });
    s.act({ type: 'fireStart' });
    wait(100);
    s.pause();
    const at = s.clock();
    expect(s.state.input).toEqual({ x: 0, y: 0 });
    expect(s.state.firing).toBe(false);
    wait(10_000);
    s.act({ type: 'move', dx: -1, dy: 0 });
    expect(s.tick().t).toBe(at);
    expect(s.clock()).toBe(at);
    s.resume();
    wait(40);
    expect(s.tick().t).toBe(at + 40);
  });

  it('finishes once, with the surgery time the log replays to', () => {
    const { s, wait } = session();
    s.open();
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
