import type { Mutant } from './mutant.ts';

const SCORE = 'src/domain/simulator/score.ts';
const SIMULATION = 'src/domain/simulator/simulation.ts';
const SIM_TESTS = ['tests/unit/simulator'];

/** The simulator's scoring: gates, weights, thresholds and what the replay counts. */
export const SIMULATOR: Mutant[] = [
  {
    id: 'score-quality-without-achievement',
    file: SCORE,
    from: 'const achieved = primaryWeight > 0 ? primary / primaryWeight : 1;',
    to: 'const achieved = 1;',
    tests: SIM_TESTS,
    why: 'finishing at once without treating anything earns the time, contact and collateral points',
  },
  {
    id: 'score-false-marks-free',
    file: SCORE,
    from: 'unit((m.found - SCORING.falseMarkCost * m.falseMarks) / total)',
    to: 'unit(m.found / total)',
    tests: SIM_TESTS,
    why: 'marking everything costs nothing',
  },
  {
    id: 'score-weights-not-100',
    file: SCORE,
    from: 'selective: { identification: 20, classification: 10, sealing: 30,',
    to: 'selective: { identification: 20, classification: 10, sealing: 35,',
    tests: SIM_TESTS,
    why: 'the selective task is scored out of 105',
  },
  {
    id: 'score-first-gap-charged',
    file: SCORE,
    from: 'Math.max(0, m.solomonGaps - 1)',
    to: 'Math.max(0, m.solomonGaps)',
    tests: SIM_TESTS,
    why: 'a Solomon line with one open stretch pays the gap cost meant for extra gaps',
  },
  {
    id: 'score-order-without-sealing',
    file: SCORE,
    from: 'return m.anastomosesSealed > 0 ? m.orderScore : 0;',
    to: 'return m.orderScore;',
    tests: SIM_TESTS,
    why: 'the order component is full when nothing was sealed',
  },
  {
    id: 'technique-distance-ignored',
    file: 'src/domain/simulator/laser.ts',
    from: 'distanceMm >= LASER.workingMinMm && ',
    to: '',
    tests: SIM_TESTS,
    why: 'firing from closer than 5 mm counts as good technique',
  },
  {
    id: 'seal-threshold-diameter-ignored',
    file: 'src/domain/simulator/laser.ts',
    from: 'LASER.sealBaseJPerMm2 + LASER.sealPerMmJPerMm2 * diameterMm',
    to: 'LASER.sealBaseJPerMm2 + LASER.sealPerMmJPerMm2',
    tests: SIM_TESTS,
    why: 'a wide vessel seals with the energy of a 1 mm one',
  },
  {
    id: 'inhuman-limit-inclusive',
    file: 'src/domain/simulator/inhuman.ts',
    from: 'if (end - start + 1 > INHUMAN.maxEvents) return true;',
    to: 'if (end - start + 1 >= INHUMAN.maxEvents) return true;',
    tests: SIM_TESTS,
    why: 'exactly 250 events in ten seconds, the most a hand is allowed, flags the attempt',
  },
  {
    id: 'target-from-any-distance',
    file: SIMULATION,
    from: 's.aim.distanceMm <= TARGET_RANGE_MM && ',
    to: '',
    tests: SIM_TESTS,
    why: 'a navigation target counts when aimed at from farther than 30 mm',
  },
  {
    id: 'contact-counted-every-tick',
    file: SIMULATION,
    from: 'if (touching && !s.inContact) {',
    to: 'if (touching) {',
    tests: SIM_TESTS,
    why: 'one touch of the plate counts once per 4 ms tick',
  },
  {
    id: 'collateral-off-plate-free',
    file: 'src/domain/simulator/metrics.ts',
    from: 'e.vessel + e.tissue + e.offPlate',
    to: 'e.vessel + e.tissue',
    tests: SIM_TESTS,
    why: 'energy fired off the plate is not collateral damage',
  },
  {
    id: 'fire-without-laser-armed',
    file: SIMULATION,
    from: 'if (s.laserOn && s.firing) burn(s);',
    to: 'if (s.firing) burn(s);',
    tests: SIM_TESTS,
    why: 'the pedal fires a laser that was never switched on',
  },
];
