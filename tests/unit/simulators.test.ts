import { describe, expect, it } from 'vitest';
import { playedIn, simulatorOfCase, taskOfCase } from '../../src/domain/simulators.ts';
import { paramsOfCase } from '../../src/domain/simulator/params.ts';

describe('which simulator plays a case', () => {
  it('is the browser for the laser tasks, stored or the module default', () => {
    expect(simulatorOfCase({ sim: paramsOfCase(undefined, 3, 1) }, 3)).toBe('browser');
    expect(taskOfCase({}, 2)).toBe('selective');
    expect(simulatorOfCase({}, 7)).toBe('browser');
  });

  it('is the desktop for a procedure the browser simulator does not have', () => {
    expect(taskOfCase({ task: 'bronchoscopy' }, 1)).toBe('bronchoscopy');
    expect(simulatorOfCase({ task: 'pleuroamniotic-shunt' }, 2)).toBe('desktop');
  });

  it('says where a course is played from its active cases only', () => {
    const laser = { cases: [{}] };
    const desktop = { cases: [{ task: 'catheter-placement' as const }] };
    expect(playedIn([{ active: true, ...laser }])).toBe('browser');
    expect(playedIn([{ active: true, ...desktop }])).toBe('desktop');
    expect(
      playedIn([
        { active: true, ...desktop },
        { active: true, ...laser },
      ]),
    ).toBe('mixed');
    expect(
      playedIn([
        { active: true, ...desktop },
        { active: false, ...laser },
      ]),
    ).toBe('desktop');
    expect(playedIn([])).toBe('browser');
  });
});
