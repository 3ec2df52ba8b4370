/**
 * How npm test cuts the browser journeys into its two lanes: by the seconds each spec file took in a recent run
 * (tests/e2e/durations.json), not by their number, since one file of the simulator takes as long as ten of the
 * header's. The first lane runs the API tests before its journeys, so it starts with their seconds already counted.
 */

/** The seconds a file unknown to the durations file is assumed to take. */
export const UNKNOWN_FILE_SECONDS = 15;

/** Spec files shared out between lanes, longest first, each to the lane that would end soonest. */
export function splitJourneys(files: readonly string[], seconds: Readonly<Record<string, number>>, headStarts: readonly number[]): string[][] {
  const lanes = headStarts.map((start) => ({ total: start, files: [] as string[] }));
  const weight = (file: string) => seconds[file] ?? UNKNOWN_FILE_SECONDS;
  const longestFirst = [...files].sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : 1));
  for (const file of longestFirst) {
    const lane = lanes.reduce((soonest, l) => (l.total < soonest.total ? l : soonest));
    lane.files.push(file);
    lane.total += weight(file);
  }
  return lanes.map((l) => l.files.sort());
}

interface PlaywrightSuite {
  file?: string;
  specs?: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/** Seconds per spec file in a Playwright JSON report, keyed by its path from the repository (`testDir` + file). */
export function fileSeconds(report: { suites: PlaywrightSuite[] }, testDirOf: (file: string) => string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (suite: PlaywrightSuite, file: string | undefined) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) for (const result of test.results) if (here) out[testDirOf(here)] = (out[testDirOf(here)] ?? 0) + result.duration / 1000;
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites) walk(suite, undefined);
  return Object.fromEntries(Object.entries(out).map(([f, s]) => [f, Math.round(s)]));
}
