import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FetoEvent } from '../../../src/domain/airway/attempt.ts';
import { buildAirway } from '../../../src/domain/airway/model.ts';
import { fetoCaseOf, fetoRecordOf } from '../../../src/domain/airway/record.ts';
import { scoreFeto } from '../../../src/domain/airway/score.ts';
import { DEFAULT_PASS_MARK } from '../../../src/domain/progress.ts';
import { CONTROL_STEP, createRng } from '../../../src/domain/simulator/index.ts';
import { signLaunchToken } from '../../../src/server/launch/launch-token.ts';
import { paramsOfCase } from '../../../src/domain/simulator/index.ts';
import { attempts, courses } from '../../../src/server/db/schema.ts';
import { outcomeOf } from '../../../src/simulator/outcome.ts';
import { FETO_PLAYERS } from '../../../scripts/lib/validity/feto.ts';
import { SECRET, setPlan, VARIANT } from '../attempt-support.ts';
import { oneCourse, typedClient, useApi } from '../support.ts';

// POST /attempts for a fetal tracheal occlusion case: the server replays the log on the launch's airway, stores the
// score and the gates it computed, and refuses logs no FETO page records.
const api = useApi();
const { as, reply } = typedClient(api);
const stored = () => api().deps.db.db.select().from(attempts);

/** The seeded course's insertion case ("Passing the vocal cords") and removal module's first case. */
const INSERTION = { course: 'fetal-tracheal-occlusion', level: 2, case: 1, caseId: 'm2c1' };
const REMOVAL = { course: 'fetal-tracheal-occlusion', level: 3, case: 1, caseId: 'm3c1' };
type Where = typeof INSERTION;

const tokenFor = (uid: string, where: Where = INSERTION, ageMs = 10 * 60_000) =>
  signLaunchToken(
    SECRET,
    { uid, ...where, variant: VARIANT, sim: paramsOfCase(undefined, where.level, where.case), task: 'tracheal-occlusion' },
    new Date(Date.now() - ageMs),
  );

const player = (name: string) => FETO_PLAYERS.find((p) => p.name === name)!;

/** A player's log as the page records it: held controls in the devices' steps, the volume in 0.05 ml steps. */
function logOf(name: string, where: Where): FetoEvent[] {
  const { task, gaWeeks, difficulty } = fetoCaseOf(where.level, where.case);
  const step = (v: number) => Math.round(v / CONTROL_STEP) * CONTROL_STEP;
  return player(name)
    .play(buildAirway(where.caseId, gaWeeks, VARIANT, difficulty), task, createRng(VARIANT))
    .map((e) =>
      e.type === 'input'
        ? { ...e, turnX: step(e.turnX), turnY: step(e.turnY), insert: step(e.insert) }
        : e.type === 'inflate'
          ? { ...e, volumeMl: Math.round(e.volumeMl * 20) / 20 }
          : e,
    );
}

const post = (uid: string, token: string, events: unknown[]) => api().call('POST', '/attempts', { as: uid, body: { token, events } });

beforeEach(async () => {
  await setPlan(api(), 'learner', true);
});

describe('POST /attempts: fetal tracheal occlusion', () => {
  it.each([
    ['insertion', INSERTION],
    ['removal', REMOVAL],
  ] as const)('stores an expert %s with the score the server replayed, no gate failed', async (_, where) => {
    const events = logOf('expert', where);
    const expected = fetoRecordOf(where.caseId, where.level, where.case, VARIANT, events);
    expect(expected.gates).toEqual([]);
    const res = await post('learner', await tokenFor('learner', where), events);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      courseId: where.course,
      caseId: where.caseId,
      task: 'tracheal-occlusion',
      score: expected.score,
      gates: [],
      flagged: false,
    });
    expect(expected.score).toBeGreaterThanOrEqual(DEFAULT_PASS_MARK);
    expect(res.json.surgeryTimeMs).toBe(expected.outcome.endMs);
  });

  it('stores a finish at once with its failed gates and a score of 0', async () => {
    const res = await post('learner', await tokenFor('learner'), [{ t: 0, type: 'finish' }]);
    expect(res.status).toBe(201);
    expect(res.json.score).toBe(0);
    expect(res.json.gates.map((g: { id: string }) => g.id)).toEqual(['carinaNotSeen', 'balloonLeaks', 'volume', 'notDetached']);
  });

  it('stores the server score, never one the browser claims', async () => {
    const events = logOf('ram-through', INSERTION);
    const res = await api().call('POST', '/attempts', { as: 'learner', body: { token: await tokenFor('learner'), events, score: 100 } });
    expect(res.status).toBe(201);
    expect(res.json.score).toBe(fetoRecordOf(INSERTION.caseId, INSERTION.level, INSERTION.case, VARIANT, events).score);
    expect(res.json.gates.length).toBeGreaterThan(0);
  });

  it.each([
    [
      'events out of time order',
      [
        { t: 500, type: 'input', turnX: 0, turnY: 0, insert: 1 },
        { t: 100, type: 'finish' },
      ],
      'not in time order',
    ],
    [
      'events after the finish',
      [
        { t: 100, type: 'finish' },
        { t: 200, type: 'inflate', volumeMl: 0.6 },
      ],
      'after its finish',
    ],
    [
      'a laser log',
      [
        { t: 0, type: 'open', scope: 'straight' },
        { t: 100, type: 'finish' },
      ],
      'not a FETO log',
    ],
    ['a volume off the steps', [{ t: 0, type: 'inflate', volumeMl: 0.613 }], 'invalid_body'],
    ['a control beyond full', [{ t: 0, type: 'input', turnX: 2, turnY: 0, insert: 0 }], 'invalid_body'],
  ])('refuses %s (400) and stores nothing', async (_, events, message) => {
    const res = await post('learner', await tokenFor('learner'), events);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(message);
    expect(await stored()).toEqual([]);
  });

  it('refuses a log longer than the time since the launch (a forged, replayed log)', async () => {
    const events = logOf('expert', INSERTION);
    const res = await post('learner', await tokenFor('learner', INSERTION, 1_000), events);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('longer than the time since the launch');
    expect(await stored()).toEqual([]);
  });

  it("stores a log sent on a program's timer flagged, with its reason, and plausible play unflagged", async () => {
    const played = logOf('intermediate', INSERTION);
    expect(played.length).toBeGreaterThan(30);
    const timed = played.map((e, k) => ({ ...e, t: k * 100 }));
    const res = await post('learner', await tokenFor('learner'), timed);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ flagged: true, flags: ['regular'] });
    const [row] = await stored();
    expect(row).toMatchObject({ flagged: true, flags: ['regular'] });
    const plain = await post('learner', await tokenFor('learner'), played);
    expect(plain.json).toMatchObject({ flagged: false, flags: [] });
  });

  it('refuses the balloon on a laser launch', async () => {
    const token = await signLaunchToken(SECRET, {
      uid: 'learner',
      course: 'fetoscopy-simulator',
      level: 2,
      case: 1,
      caseId: 'm2c1',
      variant: VARIANT,
      sim: paramsOfCase(undefined, 2, 1),
    });
    const res = await post('learner', token, [
      { t: 0, type: 'inflate', volumeMl: 0.6 },
      { t: 10, type: 'finish' },
    ]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain('not a fetoscopic laser log');
  });
});

describe("POST /attempts: a FETO attempt passes at its course's pass mark", () => {
  /** The expert's insertion finished late: every gate passed, a score between 60 and the course's default 70. */
  const slow = () => [...logOf('expert', INSERTION).filter((e) => e.type !== 'finish'), { t: 540_000, type: 'finish' as const }];
  const standingOf = async () => {
    const res = await reply(as('learner').progress.$get({ query: { course: INSERTION.course } }));
    expect(res.status).toBe(200);
    return oneCourse(res.json);
  };
  const setPassMark = async (passMark: number) => {
    const db = api().deps.db.db;
    const [row] = await db.select().from(courses).where(eq(courses.id, INSERTION.course));
    const levels = row!.levels.map((l, i) =>
      i + 1 === INSERTION.level ? { ...l, cases: l.cases.map((c, j) => (j + 1 === INSERTION.case ? { ...c, passMark } : c)) } : l,
    );
    await db.update(courses).set({ levels }).where(eq(courses.id, INSERTION.course));
    api().deps.catalogue.changed();
  };

  it("the server's verdict, the page's and the FETO score's agree, at the default pass mark and at one the course sets", async () => {
    const events = slow();
    const record = fetoRecordOf(INSERTION.caseId, INSERTION.level, INSERTION.case, VARIANT, events);
    expect(record.gates).toEqual([]);
    expect(record.score).toBeGreaterThanOrEqual(60);
    expect(record.score).toBeLessThan(DEFAULT_PASS_MARK);
    const { gaWeeks, difficulty } = fetoCaseOf(INSERTION.level, INSERTION.case);
    const airway = buildAirway(INSERTION.caseId, gaWeeks, VARIANT, difficulty);
    const res = await post('learner', await tokenFor('learner', INSERTION, 15 * 60_000), events);
    expect(res.status).toBe(201);
    expect(res.json.score).toBe(record.score);
    for (const [mark, passed] of [
      [DEFAULT_PASS_MARK, false],
      [record.score, true],
    ] as const) {
      if (mark !== DEFAULT_PASS_MARK) await setPassMark(mark);
      const progress = await standingOf();
      const standing = progress.modules.flatMap((m) => m.cases).find((c) => c.level === INSERTION.level && c.case === INSERTION.case)!;
      // The server's verdict (the learner's progress), the result page's (outcomeOf) and the FETO score's, at the same mark.
      expect(standing).toMatchObject({ passMark: mark, state: passed ? 'passed' : 'attempted', best: record.score });
      expect(outcomeOf(res.json, progress)).toMatchObject({ passMark: mark, passed });
      expect(scoreFeto(airway, record.outcome, standing.passMark).passed).toBe(passed);
    }
  });
});
