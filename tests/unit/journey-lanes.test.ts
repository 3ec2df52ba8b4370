import { describe, expect, it } from 'vitest';
import { failedJourneys, fileSeconds, splitJourneys, UNKNOWN_FILE_SECONDS } from '../../scripts/lib/journey-lanes.ts';

describe('splitJourneys', () => {
  it('evens the lanes out by seconds, not by the number of files', () => {
    const seconds = { 'a.spec.ts': 80, 'b.spec.ts': 70, 'c.spec.ts': 10, 'd.spec.ts': 10, 'e.spec.ts': 10, 'f.spec.ts': 10 };
    const [one, two] = splitJourneys(Object.keys(seconds), seconds, [0, 0]);
    const total = (files: string[] = []) => files.reduce((n, f) => n + seconds[f as keyof typeof seconds], 0);
    // By count, the two long files would share a lane (150 s against 40 s); by seconds, no lane waits more than a short file.
    expect(total(one) + total(two)).toBe(190);
    expect(Math.abs(total(one) - total(two))).toBeLessThanOrEqual(10);
  });

  it('gives the lane that starts with the API tests fewer journeys, and every file to exactly one lane', () => {
    const seconds = { 'a.spec.ts': 50, 'b.spec.ts': 40, 'c.spec.ts': 30 };
    const [withApi, alone] = splitJourneys(Object.keys(seconds), seconds, [100, 0]);
    expect(withApi).toEqual([]);
    expect(alone).toEqual(['a.spec.ts', 'b.spec.ts', 'c.spec.ts']);
  });

  it('counts a file it has no seconds for as an ordinary one', () => {
    const [one, two] = splitJourneys(['new.spec.ts', 'old.spec.ts'], { 'old.spec.ts': UNKNOWN_FILE_SECONDS + 1 }, [0, 0]);
    expect([one, two]).toEqual([['old.spec.ts'], ['new.spec.ts']]);
  });
});

describe('fileSeconds', () => {
  it('adds up every result of every test of a file, nested suites included, keyed by its path', () => {
    const result = (ms: number) => ({ status: 'expected', projectName: 'development', results: [{ duration: ms }] });
    const spec = (...tests: ReturnType<typeof result>[]) => ({ title: 't', line: 1, tests });
    const report = {
      suites: [
        { file: 'a.spec.ts', specs: [spec(result(1500), result(2000))], suites: [{ specs: [spec(result(500))] }] },
        { file: '../production/p.spec.ts', specs: [spec(result(3000))] },
      ],
    };
    expect(fileSeconds(report, (f) => `tests/e2e/${f}`.replace('e2e/../', ''))).toEqual({ 'tests/e2e/a.spec.ts': 4, 'tests/production/p.spec.ts': 3 });
  });
});

describe('failedJourneys', () => {
  it('names each journey that failed or passed only on a retry, with the error and page of its last failed run, and none that passed', () => {
    const test = (status: string, ...errors: (string | undefined)[]) => ({
      status,
      projectName: 'production',
      results: errors.map((message, i) => ({
        duration: 1,
        ...(message === undefined ? {} : { error: { message }, attachments: [{ name: 'error-context', path: `/out/${i}.md` }] }),
      })),
    });
    const report = {
      suites: [
        {
          file: 'a.spec.ts',
          specs: [{ title: 'passes', line: 3, tests: [test('expected', undefined)] }],
          suites: [{ title: 'group', specs: [{ title: 'fails', line: 9, tests: [test('unexpected', 'first try', 'Timeout of 60000ms')] }] }],
        },
        { file: 'b.spec.ts', specs: [{ title: 'flaky', line: 4, tests: [test('flaky', 'once', undefined)] }] },
      ],
    };
    expect(failedJourneys(report)).toEqual([
      { name: '[production] a.spec.ts:9 › fails', error: 'Timeout of 60000ms', context: '/out/1.md' },
      { name: '[production] b.spec.ts:4 › flaky', error: 'once', context: '/out/0.md' },
    ]);
  });
});
