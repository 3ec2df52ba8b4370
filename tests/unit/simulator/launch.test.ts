import { describe, expect, it } from 'vitest';
import { buildScenario, seedFor } from '../../../src/domain/simulator/index.ts';
import { DEMO_CASE, loadScenario, readLaunch } from '../../../src/simulator/launch.ts';

describe('the launch link the simulator page reads', () => {
  it('names a case, with its token and mode', () => {
    expect(readLaunch(new URLSearchParams('course=c&level=2&case=3&token=t&mode=test'))).toEqual({
      course: 'c',
      level: 2,
      caseIndex: 3,
      token: 't',
      guided: false,
      demo: false,
    });
    expect(readLaunch(new URLSearchParams('course=c&level=0&case=1'))).toBeNull();
  });

  it('opens the demo without a course, a token or an account: guided, on its fixed case', async () => {
    const launch = readLaunch(new URLSearchParams('demo'));
    expect(launch).toMatchObject({ token: null, guided: true, demo: true });
    const { scenario } = await loadScenario(launch!);
    expect(scenario.params).toEqual(DEMO_CASE);
    expect(scenario).toEqual(buildScenario(DEMO_CASE, seedFor('demo', 1, 1, 0)));
  });
});
