// The validity bench's FETO players: scripted stand-ins for learners of known skill, and cheap strategies that game
// the score. A player only ever produces an event log, as the page would record it; the score comes from its replay.
import { type FetoEvent, type FetoTask, REACH, removalBalloonDepth, replayFeto, STEP_MS } from '../../../src/domain/airway/attempt.ts';
import { type Airway, type AirwayControls, buildAirway, cordsPassable, type FetoDifficulty, stepTip, type TipPose } from '../../../src/domain/airway/model.ts';
import { FETO_SCORING, type FetoScore, scoreFeto } from '../../../src/domain/airway/score.ts';
import { createRng, type Rng } from '../../../src/domain/simulator/rng.ts';

/** How a skilled player differs from a poor one. */
interface Skill {
  /** Chance of pushing at the cords without waiting for them to open. */
  rushCords: number;
  /** Sideways drift each decision, in -1..1 steps, and the chance the player corrects it. */
  drift: number;
  correct: number;
  /** Spread of the balloon's depth around mid-trachea (mm) and of the volume around 0.65 ml. */
  depthSpreadMm: number;
  volumeSpreadMl: number;
  /** Chance of placing the balloon without reaching the carina, or of puncturing before reaching the balloon. */
  skipCarina: number;
}

export interface FetoPlayer {
  name: string;
  group: 'expert' | 'intermediate' | 'novice' | 'degenerate';
  play(airway: Airway, task: FetoTask, rng: Rng): FetoEvent[];
}

/**
 * A decision every 80–180 ms, at irregular moments as a person's glances and presses come (never to a timer's beat,
 * which the server flags), in whole steps of the replay so the player's own stepping matches the replay's.
 */
const tickMs = (rng: Rng) => STEP_MS * (4 + Math.floor(rng.next() * 6));

/** The fraction of full speed a player moves at through the bend of the pharynx (the steering there keeps pace). */
const BEND_PACE = 0.25;

/** A closed-loop player: it reads the tip as the screen shows it and holds keys for one tick at a time. */
function skilled(name: string, group: FetoPlayer['group'], skill: Skill): FetoPlayer {
  return {
    name,
    group,
    play(airway, task, rng) {
      const events: FetoEvent[] = [];
      const { cords, carina, tongueBase } = airway.landmarks;
      const mid = (cords + FETO_SCORING.belowCordsMm + carina) / 2;
      const skipCarina = rng.next() < skill.skipCarina;
      const balloonDepth = task === 'insertion' ? mid + rng.range(-1, 1) * skill.depthSpreadMm : removalBalloonDepth(airway) - (skipCarina ? 4 : 1);
      const volume = Math.round((0.65 + rng.range(-1, 1) * skill.volumeSpreadMl) * 100) / 100;
      let pose: TipPose = { depth: 0, x: 0, y: 0 };
      let phase: 'down' | 'cords' | 'deep' | 'place' | 'act' | 'up' = 'down';
      let t = 0;
      let last: AirwayControls = { turnX: 0, turnY: 0, insert: 0 };
      const hold = (c: AirwayControls) => {
        if (c.turnX !== last.turnX || c.turnY !== last.turnY || c.insert !== last.insert) events.push({ t, type: 'input', ...c });
        last = c;
        const tick = tickMs(rng);
        for (let s = 0; s < tick; s += STEP_MS) pose = stepTip(airway, pose, c, t + s, STEP_MS).pose;
        t += tick;
      };
      const openFor = (from: number) => [0, 50, 100, 150, 200].every((d) => cordsPassable(airway, from + d));
      const steer = (v: number) =>
        rng.next() < skill.correct && Math.abs(v) > 0.05 ? -Math.sign(v) : rng.next() < skill.drift ? (rng.next() < 0.5 ? -1 : 1) : 0;
      while (t < 400_000) {
        const side = { turnX: steer(pose.x), turnY: steer(pose.y) };
        // Over the tongue base the flexed head's bend slides under the scope: a player slows there to keep up steering.
        const pace = pose.depth > tongueBase - 1 && pose.depth < airway.landmarks.epiglottis + 1 ? BEND_PACE : 1;
        if (phase === 'down') {
          if (pose.depth < cords - 1.8) hold({ ...side, insert: pace });
          else phase = 'cords';
        } else if (phase === 'cords') {
          const rush = rng.next() < skill.rushCords;
          if (pose.depth > cords) phase = task === 'insertion' && !skipCarina ? 'deep' : 'place';
          else if (rush || (openFor(t) && Math.abs(pose.x) < 0.1 && Math.abs(pose.y) < 0.1))
            for (let i = 0; i < 3; i += 1) hold({ turnX: 0, turnY: 0, insert: 1 });
          else hold({ ...side, insert: 0 });
        } else if (phase === 'deep') {
          if (pose.depth < carina - REACH.carinaMm + 0.5) hold({ ...side, insert: 1 });
          else phase = 'place';
        } else if (phase === 'place') {
          const gap = balloonDepth - pose.depth;
          if (Math.abs(gap) > 0.3) hold({ ...side, insert: (Math.abs(gap) > 1 ? 1 : 0.25) * Math.sign(gap) });
          else phase = 'act';
        } else if (phase === 'act') {
          hold({ turnX: 0, turnY: 0, insert: 0 });
          if (task === 'insertion') {
            events.push({ t, type: 'inflate', volumeMl: volume });
            t += 1_500;
            events.push({ t, type: 'detach' });
          } else events.push({ t, type: 'puncture' });
          t += 1_000;
          phase = 'up';
        } else if (pose.depth > cords + 0.5 && pose.depth < cords + 1.9) {
          if (rng.next() < skill.rushCords || (openFor(t) && Math.abs(pose.x) < 0.1 && Math.abs(pose.y) < 0.1))
            for (let i = 0; i < 3; i += 1) hold({ turnX: 0, turnY: 0, insert: -1 });
          else hold({ ...side, insert: 0 });
        } else if (pose.depth > tongueBase - 2) hold({ ...side, insert: pose.depth > cords + 1.9 && pose.depth - 0.8 < cords + 1.9 ? -0.25 : -pace });
        else break;
      }
      events.push({ t, type: 'finish' });
      return events;
    },
  };
}

/** Cheap strategies: none of them may ever pass. */
const CHEAP: FetoPlayer[] = [
  {
    name: 'ram-through',
    group: 'degenerate',
    play: (airway, task) => {
      const down = Math.ceil((airway.landmarks.carina + 5) / 8) * 1000;
      return [
        { t: 0, type: 'input', turnX: 0, turnY: 0, insert: 1 },
        { t: down, type: 'input', turnX: 0, turnY: 0, insert: 0 },
        ...(task === 'insertion'
          ? [
              { t: down, type: 'inflate' as const, volumeMl: 0.65 },
              { t: down + 100, type: 'detach' as const },
            ]
          : [{ t: down, type: 'puncture' as const }]),
        { t: down + 200, type: 'input', turnX: 0, turnY: 0, insert: -1 },
        { t: 2 * down + 400, type: 'finish' },
      ];
    },
  },
  {
    name: 'inflate-anywhere',
    group: 'degenerate',
    play: () => [
      { t: 0, type: 'input', turnX: 0, turnY: 0, insert: 1 },
      { t: 1_000, type: 'input', turnX: 0, turnY: 0, insert: 0 },
      { t: 1_000, type: 'inflate', volumeMl: 0.65 },
      { t: 1_100, type: 'detach' },
      { t: 1_100, type: 'puncture' },
      { t: 1_200, type: 'input', turnX: 0, turnY: 0, insert: -1 },
      { t: 3_000, type: 'finish' },
    ],
  },
  { name: 'finish-at-once', group: 'degenerate', play: () => [{ t: 0, type: 'finish' }] },
];

export const FETO_PLAYERS: readonly FetoPlayer[] = [
  skilled('expert', 'expert', { rushCords: 0, drift: 0.05, correct: 0.95, depthSpreadMm: 2, volumeSpreadMl: 0.08, skipCarina: 0 }),
  skilled('intermediate', 'intermediate', { rushCords: 0.03, drift: 0.2, correct: 0.6, depthSpreadMm: 5, volumeSpreadMl: 0.2, skipCarina: 0.15 }),
  skilled('novice', 'novice', { rushCords: 0.95, drift: 0.8, correct: 0.1, depthSpreadMm: 9, volumeSpreadMl: 0.4, skipCarina: 0.8 }),
  ...CHEAP,
];

/**
 * Plays one player on `n` seeded airways of a task, at one difficulty or (without one) the difficulties in turn, and
 * returns its pass rate (0–1) and its scores.
 */
export function fetoPassRate(player: FetoPlayer, task: FetoTask, n: number, difficulty?: FetoDifficulty): { rate: number; scores: FetoScore[] } {
  const scores = Array.from({ length: n }, (_, i) => {
    const airway = buildAirway(`validity-feto-${task}`, 27 + (i % 6), i, difficulty ?? (((Math.floor(i / 6) % 3) + 1) as FetoDifficulty));
    const events = player.play(airway, task, createRng(i * 7919 + 1));
    return scoreFeto(airway, replayFeto(airway, task, events));
  });
  return { rate: scores.filter((s) => s.passed).length / n, scores };
}
