import { describe, expect, it } from 'vitest';
import { lastAsked } from '../../src/stores/last-asked.ts';

describe('lastAsked', () => {
  it('answers for the last read asked only, and for each key on its own', () => {
    const ask = lastAsked();
    const first = ask();
    const second = ask();
    expect([first(), second()]).toEqual([false, true]);
    const course = ask('course:a');
    const plan = ask('plan:a');
    expect([course(), plan(), second()]).toEqual([true, true, true]);
    const again = ask('course:a');
    expect([course(), again(), plan()]).toEqual([false, true, true]);
  });

  it('keeps the numbers of one store apart from another', () => {
    const one = lastAsked()();
    lastAsked()();
    expect(one()).toBe(true);
  });
});
