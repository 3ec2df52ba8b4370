// A flag is shown with its reason wherever the attempt is seen: the simulator's result screen (the page's 'sim'
// strings) and the history, the learner's and their director's (ATTEMPT_SECTIONS), read the same sentence.
import { describe, expect, it } from 'vitest';
import { PLAUSIBILITY_FLAGS } from '../../../src/domain/simulator/index.ts';
import { ATTEMPT_SECTIONS } from '../../../src/islands/attempts/attempt-strings.ts';
import { sections } from '../../../src/i18n/index.ts';
import { LOCALES } from '../../../src/i18n/locales.ts';
import { flagReasons } from '../../../src/simulator/flag-text.ts';
import { translator } from '../../../src/simulator/strings.ts';

describe('flag reasons', () => {
  it.each(LOCALES.map((l) => [l.code] as const))('%s: every flag has its own reason, the same on the result screen and in the history', (locale) => {
    const onResult = flagReasons(PLAUSIBILITY_FLAGS, translator(sections(locale, 'sim')));
    const history = sections(locale, ...ATTEMPT_SECTIONS);
    const inHistory = flagReasons(PLAUSIBILITY_FLAGS, (key) => history[key]);
    expect(onResult).toEqual(inHistory);
    expect(new Set(onResult).size).toBe(PLAUSIBILITY_FLAGS.length);
    for (const reason of onResult) expect(reason.trim().length).toBeGreaterThan(10);
  });

  it('names the laser tasks where those checks now apply: the release after blanching, and the route to each anastomosis', () => {
    const en = sections('en', 'sim');
    expect(flagReasons(['reaction', 'planned'], (key) => en[key])).toEqual([
      'fired or marked on anastomoses sooner after reaching them, or let go of the pedal sooner after they blanched, than sight allows;',
      'steered to each navigation target or anastomosis as if its place were known before it was seen: setting off at once, or straight there with nothing corrected, one after another;',
    ]);
  });

  it('gives the reasons in the order stored, none for an attempt flagged before reasons were kept', () => {
    const en = sections('en', 'sim');
    expect(flagReasons(['regular', 'rate'], (key) => en[key])).toEqual([en['sim.flag.regular'], en['sim.flag.rate']]);
    expect(flagReasons([], (key) => en[key])).toEqual([]);
  });
});
