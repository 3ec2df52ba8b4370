// Plays the simulator page with the keys, planned in Node on the model itself. The page's clock is Playwright's
// (installed before the page loads, paused once the intro shows), so every key goes down and up at a surgery time
// the test chose; the same events applied at the same times to the test's own copy of the model give the state
// the page has, bit for bit (the reducer's ticks sit at absolute times). Nothing is read from the page but what
// the learner sees.
import { expect, type Page } from '@playwright/test';
import type { Dict } from '../../src/i18n/en.ts';
import {
  ANASTOMOSIS_KINDS,
  buildScenario,
  createRng,
  distance,
  liveSimulation,
  normalizeCaseParams,
  paramsOfCase,
  SCOPE,
  seedFor,
  SEQUENCE_RANK,
  stepPose,
  TARGET,
  turbidityAt,
  viewOf,
  type AnastomosisKind,
  type Controls,
  type Scenario,
  type ScopeKind,
  type SimEvent,
  type SimState,
  type Vec2,
} from '../../src/domain/simulator/index.ts';
import { entryPoints, reachShare } from '../../src/domain/simulator/entry.ts';
import { keysToControls } from '../../src/simulator/keyboard.ts';
import { Player } from '../../scripts/lib/attempt-log.ts';

/** The claims of a launch token the page reads (unverified, as the page does): the case, its parameters, the variant. */
export function launchClaims(token: string): { course: string; level: number; case: number; variant: number; sim: unknown } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as ReturnType<typeof launchClaims>;
}

/** The scenario a launch token draws: its signed parameters and variant, as the page and the server build it. */
export function tokenScenario(token: string): Scenario {
  const c = launchClaims(token);
  return buildScenario(normalizeCaseParams(c.sim, paramsOfCase(undefined, c.level, c.case)), seedFor(c.course, c.level, c.case, c.variant));
}

/** A navigation case the token names, played by the API tests' scripted hand: each target held from 12 mm, then Finish. */
export function heldTargetsPlayer(token: string): Player {
  const scenario = tokenScenario(token);
  const player = new Player(scenario);
  for (const target of scenario.targets) {
    player.aimAt(target, { distanceMm: 12, toleranceMm: 3 });
    player.wait(TARGET.holdMs + 100);
  }
  player.finish();
  return player;
}

/** The scenario a practice link (no token) plays: the case's stored parameters, variant 0. */
export function practiceScenario(course: string, level: number, caseIndex: number, sim: unknown): Scenario {
  return buildScenario(paramsOfCase(sim, level, caseIndex), seedFor(course, level, caseIndex, 0));
}

/** The entry site a careful surgeon picks: the one from which the scope reaches most of what the case asks. */
export function bestSite(s: Scenario, scope: ScopeKind): number {
  const points = entryPoints(s.params.task, s.placenta, s.targets);
  const reach = s.sites.map((site) => reachShare(site, scope, points));
  return reach.indexOf(Math.max(...reach));
}

type Untimed = SimEvent extends infer E ? (E extends SimEvent ? Omit<E, 't'> : never) : never;

/** Installs Playwright's clock before the page loads: call it before `page.goto`. */
export async function installClock(page: Page): Promise<void> {
  await page.clock.install();
}

export interface Pilot {
  /** The test's copy of the attempt, in step with the page's. */
  readonly state: SimState;
  /** Surgery milliseconds since the fetoscopy opened. */
  readonly t: number;
  /** Chooses the entry site on the intro's sketch (by default the one reaching most), then opens with the intro's scope. */
  open(scope: ScopeKind, site?: number): Promise<void>;
  /** Holds keys together from now, each released after its own whole number of ms. */
  hold(holds: { key: string; ms: number }[]): Promise<void>;
  /** Lets surgery time pass with nothing held (the page draws one frame at the end). */
  wait(ms: number): Promise<void>;
  /** Shift: the laser on or off. */
  toggleLaser(): Promise<void>;
  /** Space held for `ms`. */
  fire(ms: number): Promise<void>;
  /** M: the point under the beam is marked and the dialog asks its kind. */
  pressMark(): Promise<void>;
  /** The kind's digit key in the marking dialog. */
  chooseKind(kind: AnastomosisKind): Promise<void>;
  /** Escape in the marking dialog: it closes and nothing is marked. */
  cancelMark(): Promise<void>;
  /** M, then the kind's digit key. */
  mark(kind: AnastomosisKind): Promise<void>;
  /** X: an amnio-exchange (the laser waits while the bloody fluid is replaced). */
  exchange(): Promise<void>;
  /** Escape: paused, the surgery clock stands still however long the page waits. */
  pause(): Promise<void>;
  /** Escape again: running. */
  resume(): Promise<void>;
  /**
   * Presses Enter on the button named `name` (Finish). An attempt sent to the server (`saved`) is finished no
   * sooner than the surgery's length after opening, as the server refuses a log longer than its launch's age.
   */
  finish(name: string, saved?: boolean): Promise<void>;
  /** Brings the aim within `tolerance` mm of `p`, from about `distanceMm` away, with the arrows and W/S. */
  aimAt(p: Vec2, distanceMm: number, tolerance: number): Promise<void>;
}

/**
 * Takes over the page's clock (pausing it) once the intro shows; the page must have had `installClock` before
 * loading. From here on page time moves only when the pilot moves it.
 */
export async function createPilot(page: Page, scenario: Scenario): Promise<Pilot> {
  const wall = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(wall + 2000);
  const sim = liveSimulation(scenario);
  let t = 0;
  let running = false;
  let openedAt = 0;
  const held = new Set<string>();
  let sent = '0,0,0,0';
  const apply = (event: Untimed) => sim.apply({ ...event, t } as SimEvent);
  const send = () => {
    const c = keysToControls(held);
    for (const k of Object.keys(c) as (keyof Controls)[]) c[k] = Math.max(-1, Math.min(1, c[k]));
    const key = `${c.turnX},${c.turnY},${c.insert},${c.roll}`;
    if (key === sent) return;
    sent = key;
    apply({ type: 'input', ...c });
  };
  // Between one move and the next a person takes a quarter to half a second to see and decide.
  const rng = createRng(scenario.seed);
  const reaction = () => rng.int(250, 500);
  const pass = async (ms: number) => {
    const whole = Math.round(ms);
    if (whole <= 0) return;
    await page.clock.fastForward(whole);
    if (!running) return;
    t += whole;
    sim.advance(t);
  };

  const pilot: Pilot = {
    get state() {
      return sim.state;
    },
    get t() {
      return t;
    },
    async open(scope, site = bestSite(scenario, scope)) {
      await page.locator(`#sim-sketch [data-site="${site}"]`).click();
      await page.locator('#sim-start').focus();
      await page.keyboard.press('Enter');
      openedAt = Date.now();
      running = true;
      apply({ type: 'open', scope, site });
    },
    async hold(holds) {
      await pass(reaction());
      // A hand presses the keys of a chord a few ms apart; each is released after its own hold.
      let offset = 0;
      const timeline = holds
        .filter((h) => Math.round(h.ms) > 0)
        .flatMap((h) => {
          const down = offset;
          offset += rng.int(15, 45);
          return [
            { at: down, key: h.key, down: true },
            { at: down + Math.round(h.ms), key: h.key, down: false },
          ];
        })
        .sort((a, b) => a.at - b.at);
      let now = 0;
      for (const { at, key, down } of timeline) {
        await pass(at - now);
        now = at;
        if (down) {
          await page.keyboard.down(key);
          held.add(key);
        } else {
          await page.keyboard.up(key);
          held.delete(key);
        }
        send();
      }
    },
    wait: pass,
    async toggleLaser() {
      await pass(reaction());
      await page.keyboard.press('Shift');
      apply({ type: sim.state.laserOn ? 'laserOff' : 'laserOn' });
    },
    async fire(ms) {
      await pass(reaction());
      await page.keyboard.down('Space');
      apply({ type: 'fireStart' });
      await pass(ms);
      await page.keyboard.up('Space');
      apply({ type: 'fireStop' });
    },
    async pressMark() {
      await pass(reaction());
      await page.keyboard.press('KeyM');
      apply({ type: 'mark' });
    },
    async chooseKind(kind) {
      await pass(reaction());
      await page.keyboard.press(`Digit${ANASTOMOSIS_KINDS.indexOf(kind) + 1}`);
      apply({ type: 'classify', kind });
    },
    async cancelMark() {
      await pass(reaction());
      await page.keyboard.press('Escape');
      apply({ type: 'cancelMark' });
    },
    async mark(kind) {
      await pilot.pressMark();
      await pilot.chooseKind(kind);
    },
    async exchange() {
      await pass(reaction());
      await page.keyboard.press('KeyX');
      apply({ type: 'exchange' });
    },
    async pause() {
      await pass(reaction());
      await page.keyboard.press('Escape');
      running = false;
    },
    async resume() {
      await page.keyboard.press('Escape');
      running = true;
    },
    async finish(name, saved = false) {
      if (saved) await page.waitForTimeout(Math.max(0, t - (Date.now() - openedAt)));
      await page.getByRole('button', { name, exact: true }).focus();
      await page.keyboard.press('Enter');
      apply({ type: 'finish' });
      running = false;
      // The rest of the page (saving, the result) runs on ordinary time again.
      await page.clock.resume();
    },
    async aimAt(p, distanceMm, tolerance) {
      for (let step = 0; step < 30; step += 1) {
        const s = sim.state;
        const scope = s.scope ?? 'straight';
        if (s.aim && Math.abs(s.aim.distanceMm - distanceMm) <= 3 && distance(s.aim.point, p) <= tolerance) return;
        const { ax, ay } = turnTowards(s, scope, p);
        const turned = stepPose(s.pose, s.trocar, ax, ay, 0, 0);
        const after = viewOf(turned, s.trocar, scope, 1e9);
        // Advancing by δ moves the tip δ·dir.z in height, so the distance along the line of sight by δ·dir.z / look.z.
        // Far from the point the scope travels well above the plate, and comes down only once over it.
        const want = s.aim && distance(s.aim.point, p) < 8 ? distanceMm : Math.max(distanceMm, 25);
        const advance = after.aim ? ((after.aim.distanceMm - want) * after.look.z) / turned.dir.z : 0;
        const size = Math.hypot(ax, ay);
        const angle = size > 0 ? Math.atan(size) / size : 1;
        // Withdraw first and advance last, so the tip never dips to the plate while the shaft turns.
        const heightAfterTurn = s.trocar.entry.z + turned.dir.z * s.pose.depthMm;
        // A long turn may sweep the shaft through the vertical: first withdraw to where even that stays clear; a
        // shorter one from well above the plate.
        const clear = size > 0.1 ? s.pose.depthMm - (s.trocar.entry.z - 10) : size > 0.03 ? (20 - s.tipHeightMm) / -s.pose.dir.z : 0;
        const withdraw = Math.max(advance < 0 ? -advance : 0, (8 - heightAfterTurn) / -turned.dir.z, clear, 0);
        if (withdraw > 0) await pilot.hold([{ key: 'KeyS', ms: Math.min(1500, withdraw / SCOPE.insertPerMs) }]);
        await pilot.hold([
          { key: ax > 0 ? 'ArrowRight' : 'ArrowLeft', ms: Math.min(900, (Math.abs(ax) * angle) / SCOPE.turnPerMs) },
          { key: ay > 0 ? 'ArrowUp' : 'ArrowDown', ms: Math.min(900, (Math.abs(ay) * angle) / SCOPE.turnPerMs) },
        ]);
        // Never deeper than 6 mm above the plate: the contact distance is 3.
        const forward = Math.min(advance + withdraw, (heightAfterTurn + withdraw * -turned.dir.z - 6) / -turned.dir.z);
        if (forward > 0) await pilot.hold([{ key: 'KeyW', ms: Math.min(600, forward / SCOPE.insertPerMs) }]);
        // The scope eases to a stop in about a tenth of a second.
        await pass(200);
      }
      throw new Error(`The aim did not settle on (${p.x.toFixed(1)}, ${p.y.toFixed(1)}): it is at ${JSON.stringify(sim.state.aim)}`);
    },
  };
  return pilot;
}

/** The turn, in the image's frame (radians right and up), that brings the aim onto `p`: Newton on the model. */
function turnTowards(state: SimState, scope: ScopeKind, p: Vec2): { ax: number; ay: number } {
  const aimAfter = (ax: number, ay: number) => viewOf(stepPose(state.pose, state.trocar, ax, ay, 0, 0), state.trocar, scope, 1e9).aim;
  let ax = 0;
  let ay = 0;
  for (let i = 0; i < 8; i += 1) {
    const e = aimAfter(ax, ay);
    const ex = aimAfter(ax + 1e-4, ay);
    const ey = aimAfter(ax, ay + 1e-4);
    if (!e || !ex || !ey) break;
    const [fx, fy] = [e.point.x - p.x, e.point.y - p.y];
    if (Math.hypot(fx, fy) < 0.02) break;
    const [a, b, c, d] = [(ex.point.x - e.point.x) / 1e-4, (ey.point.x - e.point.x) / 1e-4, (ex.point.y - e.point.y) / 1e-4, (ey.point.y - e.point.y) / 1e-4];
    const det = a * d - b * c;
    ax -= Math.max(-0.3, Math.min(0.3, (d * fx - b * fy) / det));
    ay -= Math.max(-0.3, Math.min(0.3, (a * fy - c * fx) / det));
  }
  return { ax, ay };
}

/**
 * Plays what a script would, through the page: from the intro, the fetoscopy opened and an arrow key going down and
 * up every 100 ms on the dot, 36 times (a timer's beat, which the server flags), then Finish and Next. The result
 * screen then says the attempt counts for nothing, and why.
 */
export async function playOnBeat(page: Page, pilot: Pilot, d: Dict): Promise<void> {
  await pilot.open('straight');
  await pilot.wait(400);
  for (let k = 0; k < 36; k += 1) {
    if (k % 2 === 0) await page.keyboard.down('ArrowLeft');
    else await page.keyboard.up('ArrowLeft');
    await pilot.wait(100);
  }
  await pilot.wait(600);
  await pilot.finish(d['sim.finish'], true);
  await page.getByRole('button', { name: d['sim.next'] }).press('Enter');
  await expect(page.getByRole('heading', { name: d['sim.result.title'] })).toBeFocused();
  await expect(page.locator('#sim-verdict-margin')).toHaveText(d['sim.outcome.flagged']);
  await expect(page.locator('#sim-verdict-flags li')).toHaveText([d['sim.flag.regular']]);
}

/** X: an amnio-exchange, its toast, and the 20 s it takes, after which the fluid is clear. */
export async function exchangeFluid(page: Page, pilot: Pilot, d: Dict): Promise<void> {
  await pilot.exchange();
  await pilot.wait(120);
  await expect(page.locator('#sim-toast')).toHaveText(d['sim.exchange.started']);
  await pilot.wait(20_500);
  expect(turbidityAt(pilot.state, pilot.state.t)).toBe(0);
}

/** The first anastomosis of the sequence marked with its kind and fired at in bursts until it is sealed. */
export async function sealFirstInSequence(pilot: Pilot, s: Scenario): Promise<void> {
  const a = [...s.placenta.anastomoses].sort((x, y) => SEQUENCE_RANK[x.kind] - SEQUENCE_RANK[y.kind])[0]!;
  await pilot.aimAt(a.position, 12, 0.7);
  await pilot.mark(a.kind);
  await pilot.toggleLaser();
  for (let burst = 0; burst < 40 && !pilot.state.sealed.includes(a.id); burst += 1) {
    await pilot.fire(250);
    if (burst % 8 === 7) await pilot.aimAt(a.position, 12, 0.7);
  }
  expect(pilot.state.sealed).toContain(a.id);
}
