import { describe, expect, it } from 'vitest';
import { buildScenario, seedFor } from '../../../src/domain/simulator/index.ts';
import { DEMO_CASE, loadScenario, readLaunch } from '../../../src/simulator/launch.ts';

/** A token as the page receives it: only the payload is read, the signature is the server's business. */
const tokenWith = (claims: Record<string, unknown>) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('the launch link the simulator page reads', () => {
  it('names a case, with its token and mode', () => {
    expect(readLaunch(new URLSearchParams('course=c&level=2&case=3&token=t&mode=test'))).toEqual({
      course: 'c',
      level: 2,
      caseIndex: 3,
      token: 't',
      guided: false,
      assessment: false,
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

  it('plays an assessed launch without the guided steps, even when the link asks for them', async () => {
    const claims = { course: 'c', level: 2, case: 1, variant: 5, sim: DEMO_CASE };
    const link = (token: string) => readLaunch(new URLSearchParams(`course=c&level=2&case=1&token=${token}`))!;
    const assessed = await loadScenario(link(tokenWith({ ...claims, asm: 'window-1' })));
    expect(assessed.launch).toMatchObject({ assessment: true, guided: false });
    const practice = await loadScenario(link(tokenWith(claims)));
    expect(practice.launch).toMatchObject({ assessment: false, guided: true });
    expect(assessed.scenario).toEqual(practice.scenario);
  });
});
