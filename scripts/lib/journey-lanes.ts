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

interface PlaywrightTest {
  status: string;
  results: { duration: number; error?: { message?: string }; attachments?: { name: string; path?: string }[] }[];
}
interface PlaywrightSpec {
  title: string;
  line: number;
  tests: (PlaywrightTest & { projectName: string })[];
}
interface PlaywrightSuite {
  file?: string;
  specs?: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}
export interface PlaywrightReport {
  suites: PlaywrightSuite[];
}

/** Calls `visit` for every test of a Playwright JSON report, with the file it stands in. */
function eachTest(report: PlaywrightReport, visit: (file: string, spec: PlaywrightSpec, test: PlaywrightSpec['tests'][number]) => void) {
  const walk = (suite: PlaywrightSuite, file: string | undefined) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) for (const test of spec.tests) if (here) visit(here, spec, test);
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites) walk(suite, undefined);
}

/** Seconds per spec file in a Playwright JSON report, keyed by its path from the repository (`testDir` + file). */
export function fileSeconds(report: PlaywrightReport, testDirOf: (file: string) => string): Record<string, number> {
  const out: Record<string, number> = {};
  eachTest(report, (file, _spec, test) => {
    for (const result of test.results) out[testDirOf(file)] = (out[testDirOf(file)] ?? 0) + result.duration / 1000;
  });
  return Object.fromEntries(Object.entries(out).map(([f, s]) => [f, Math.round(s)]));
}

/**
 * The journeys of a report that failed or passed only on a retry, each as `[project] file:line › title` with the error
 * of its last failed run and the file Playwright wrote the page as it stood then in (`error-context`), if any.
 */
export function failedJourneys(report: PlaywrightReport): { name: string; error: string; context?: string }[] {
  const out: { name: string; error: string; context?: string }[] = [];
  eachTest(report, (file, spec, test) => {
    if (test.status !== 'unexpected' && test.status !== 'flaky') return;
    const failed = test.results.findLast((r) => r.error?.message !== undefined);
    const context = failed?.attachments?.find((a) => a.name === 'error-context')?.path;
    out.push({
      name: `[${test.projectName}] ${file}:${spec.line} › ${spec.title}`,
      error: failed?.error?.message ?? test.status,
      ...(context ? { context } : {}),
    });
  });
  return out;
}
