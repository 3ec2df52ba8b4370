import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCESS_RULES } from './lib/mutants/access.ts';
import { DOMAIN } from './lib/mutants/domain.ts';
import { KNOWN } from './lib/mutants/known.ts';
import { misfits, type Mutant } from './lib/mutants/mutant.ts';
import { REACH } from './lib/mutants/reach.ts';
import { SIMULATOR } from './lib/mutants/simulator.ts';
import { runTests, scratchCopy, stopTests } from './lib/scratch.ts';

/**
 * npm run test:mutants [-- <id part> ...]: breaks the product code one targeted line at a time (scripts/lib/mutants)
 * and checks that the tests named for each break fail. Every mutant is applied in a copy of the project in a temporary
 * folder, never in the working tree, after a first run proves the unbroken copy passes those tests. A survivor fails
 * the run unless it is explained (equivalent, or not worth a test).
 */
const root = join(import.meta.dirname, '..');
const filters = process.argv.slice(2);
const mutants = [...KNOWN, ...REACH, ...DOMAIN, ...SIMULATOR, ...ACCESS_RULES].filter((m) => filters.length === 0 || filters.some((f) => m.id.includes(f)));
if (mutants.length === 0) {
  console.log(`No mutant's id contains ${filters.join(' or ')}`);
  process.exit(1);
}

const started = Date.now();
const dir = scratchCopy(root);
const cleanUp = () => rmSync(dir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopTests();
    cleanUp();
    process.exit(130);
  });
}
const finish = (code: number): never => {
  cleanUp();
  process.exit(code);
};

const problems = misfits(mutants, dir);
if (problems.length > 0) {
  console.log(`Mutants that no longer fit the code (update scripts/lib/mutants):\n${problems.join('\n')}`);
  finish(1);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const allTests = [...new Set(mutants.flatMap((m) => m.tests))];
console.log(`Baseline: ${allTests.length} test files and folders on the unmutated copy in ${dir}`);
const baseline = await runTests(dir, allTests, 20 * 60_000);
if (!baseline.passed) {
  console.log(`The unmutated copy fails, so no mutant was tried: ${baseline.failure}`);
  finish(1);
}
console.log(`Baseline passed in ${seconds(baseline.ms)}\n`);

const timeoutMs = Math.max(60_000, 2 * baseline.ms);
const survivors: Mutant[] = [];
for (const m of mutants) {
  const file = join(dir, m.file);
  const original = readFileSync(file, 'utf8');
  writeFileSync(
    file,
    original.replace(m.from, () => m.to),
  );
  const run = await runTests(dir, m.tests, timeoutMs).finally(() => writeFileSync(file, original));
  if (!run.passed) {
    console.log(`killed    ${seconds(run.ms).padStart(7)}  ${m.id}: ${run.failure}`);
    continue;
  }
  survivors.push(m);
  console.log(`SURVIVED  ${seconds(run.ms).padStart(7)}  ${m.id}: ${m.why}${m.explained ? ` (explained: ${m.explained})` : ''}`);
}

const killed = mutants.length - survivors.length;
const unexplained = survivors.filter((m) => !m.explained);
console.log(
  `\nmutants: ${killed} killed, ${survivors.length} survived (score ${((killed * 100) / mutants.length).toFixed(1)}%) in ${seconds(Date.now() - started)}`,
);
for (const m of unexplained) console.log(`not caught and not explained: ${m.id} (${m.file}; tests ${m.tests.join(', ')}): ${m.why}`);
finish(unexplained.length > 0 ? 1 : 0);
