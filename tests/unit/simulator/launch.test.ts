import { describe, expect, it } from 'vitest';
import { buildScenario, seedFor } from '../../../src/domain/simulator/index.ts';
import { DEMO_CASE, DesktopOnly, loadScenario, readLaunch } from '../../../src/simulator/launch.ts';

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
    const loaded = await loadScenario(launch!);
    if (loaded.kind !== 'laser') throw new Error('the demo is a laser case');
    const { scenario } = loaded;
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
    expect(assessed).toMatchObject({ kind: 'laser', scenario: (practice as { scenario: unknown }).scenario });
  });

  it("opens a tracheal occlusion launch on its airway (case id, variant, the module's task), another desktop procedure not", async () => {
    const claims = { course: 'fetal-tracheal-occlusion', level: 3, case: 1, cid: 'm3c1', variant: 7, sim: DEMO_CASE };
    const link = (token: string) => readLaunch(new URLSearchParams(`course=fetal-tracheal-occlusion&level=3&case=1&token=${token}`))!;
    const removal = await loadScenario(link(tokenWith({ ...claims, tsk: 'tracheal-occlusion' })));
    expect(removal).toMatchObject({ kind: 'airway', feto: { caseId: 'm3c1', variant: 7, task: 'removal', gaWeeks: 32, difficulty: 1 } });
    const insertion = await loadScenario(link(tokenWith({ ...claims, level: 2, tsk: 'tracheal-occlusion' })));
    expect(insertion).toMatchObject({ kind: 'airway', feto: { task: 'insertion', gaWeeks: 28, difficulty: 1 } });
    // The module's third case is its hardest airway.
    const third = await loadScenario(link(tokenWith({ ...claims, level: 2, case: 3, tsk: 'tracheal-occlusion' })));
    expect(third).toMatchObject({ kind: 'airway', feto: { task: 'insertion', difficulty: 3 } });
    await expect(loadScenario(link(tokenWith({ ...claims, tsk: 'bronchoscopy' })))).rejects.toThrow(DesktopOnly);
  });
});
