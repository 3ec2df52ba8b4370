import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaseItem, Module } from '../../api/courses.ts';
import { TRANSLATED_LOCALES } from '../../domain/localize.ts';
import { TERMS_VERSION } from '../../domain/legal.ts';
import { FETOSCOPY_SIM } from '../../domain/simulator/seeded.ts';
import type { DesktopTask } from '../../domain/simulators.ts';
import type { Config } from '../config.ts';
import type { Deps } from '../deps.ts';
import { encodeImage, storeImage, type EncodedImage } from '../images/index.ts';
import { COURSE_TEXTS, PLAN_TEXTS, translated } from './texts.ts';
import { countCourses, insertCourses, insertPlans, putAccount } from './queries.ts';

/** The home page's five courses, in its order; their pictures are the home page's. */
/** The seeded course whose cases count only when played in an assessed sitting. */
const ASSESSED_COURSE = 'fetoscopy-simulator';
const COURSE_IDS = ['fetoscopy-simulator', 'bronchoscopy', 'fetal-tracheal-occlusion', 'catheter-placement', 'pleuroamniotic'];
const PICTURES = join(import.meta.dirname, '../../assets/home');

/** The procedure of each course the browser simulator cannot play: its cases open in the desktop simulator only. */
const DESKTOP_COURSES: Record<string, DesktopTask> = {
  bronchoscopy: 'bronchoscopy',
  'fetal-tracheal-occlusion': 'tracheal-occlusion',
  'catheter-placement': 'catheter-placement',
  pleuroamniotic: 'pleuroamniotic-shunt',
};

/** A case's task and parameters as the seed gives them: the fetoscopy course's laser parameters, the others' procedure. */
function caseTask(courseId: string, m: number, i: number): Pick<CaseItem, 'task' | 'sim'> {
  const task = DESKTOP_COURSES[courseId];
  if (task) return { task };
  const sim = courseId === 'fetoscopy-simulator' ? FETOSCOPY_SIM[m]?.[i] : undefined;
  return sim ? { sim } : {};
}

/** Modules and named cases in seven languages, their ids made from their places as migration 0017 made them; the fetoscopy cases carry their simulator parameters, the others their procedure. */
function modulesOf(courseId: string): Module[] {
  return COURSE_TEXTS[courseId]!.modules.map(([title, cases], m) => {
    const name = translated(title, (t) => ({ title: t }));
    return {
      id: `m${m + 1}`,
      title: name.en,
      translations: name.translations,
      active: true,
      cases: cases.map((caseTitle, i): CaseItem => {
        const text = translated(caseTitle, (t) => ({ title: t }));
        return { id: `m${m + 1}c${i + 1}`, title: text.en, translations: text.translations, bubbles: [], ...caseTask(courseId, m, i) };
      }),
    };
  });
}

function courseRow(id: string) {
  const texts = COURSE_TEXTS[id]!;
  const title = translated(texts.title, (t) => t);
  const subtitle = translated(texts.subtitle, (t) => t);
  const outcomes = texts.outcomes.map((o) => translated(o, (t) => t));
  const translations = Object.fromEntries(
    TRANSLATED_LOCALES.map((l) => [
      l,
      { title: title.translations[l]!, subtitle: subtitle.translations[l]!, outcomes: outcomes.map((o) => o.translations[l]!) },
    ]),
  );
  return {
    id,
    title: title.en,
    subtitle: subtitle.en,
    outcomes: outcomes.map((o) => o.en),
    durationMinutes: texts.durationMinutes,
    translations,
    levels: modulesOf(id),
    // The fetoscopy course certifies: its certificate is an assessed one, each case passed in a supervised sitting.
    assessmentRequired: id === ASSESSED_COURSE,
  };
}

function planText(id: string) {
  const texts = PLAN_TEXTS[id]!;
  const title = translated(texts.title, (t) => t);
  const description = translated(texts.description, (t) => t);
  const translations = Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, { title: title.translations[l]!, description: description.translations[l]! }]));
  return { title: title.en, description: description.en, translations };
}

const PLANS = [
  { id: 'plan-fetoscopy', ...planText('plan-fetoscopy'), price: 199, duration: 3, courses: ['fetoscopy-simulator'], visibility: true },
  { id: 'plan-complete', ...planText('plan-complete'), price: 499, duration: 12, courses: COURSE_IDS, visibility: true },
  { id: 'plan-pilot', ...planText('plan-pilot'), price: 49.99, duration: 1, courses: ['fetoscopy-simulator', 'bronchoscopy'], visibility: false },
];

/** Encoded once per process: every test API seeds the catalogue, and encoding AVIF is the slow part. */
const encodedPictures = new Map<string, Promise<EncodedImage>>();
function picture(courseId: string): Promise<EncodedImage> {
  let hit = encodedPictures.get(courseId);
  if (!hit) {
    hit = readFile(join(PICTURES, `course-${courseId}.png`)).then((bytes) => encodeImage(bytes));
    encodedPictures.set(courseId, hit);
  }
  return hit;
}

/** `consented`: the account accepted the terms in force; the former learner signed up before the terms were asked for, and is asked after signing in. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', password: 'admin123', name: 'Ada Admin', isAdmin: true, consented: true },
  { email: 'learner@example.com', password: 'learner123', name: 'Lea Learner', isAdmin: false, consented: true },
  { email: 'former@example.com', password: 'former123', name: 'Fern Former', isAdmin: false, consented: false },
];

/** Demo data for the local default only: the home page's five courses with their pictures, and three plans, in seven languages. */
export async function seedCatalogue(deps: Pick<Deps, 'db' | 'catalogue'>): Promise<void> {
  const { db } = deps.db;
  const base = Date.UTC(2024, 0, 1);
  if ((await countCourses(db, COURSE_IDS)) < COURSE_IDS.length) {
    const pictures = await Promise.all(COURSE_IDS.map(async (id) => storeImage(db, await picture(id))));
    await insertCourses(
      db,
      COURSE_IDS.map((id, i) => ({ ...courseRow(id), thumbnail: pictures[i]!.url, createdAt: new Date(base + i * 1000) })),
    );
  }
  await insertPlans(
    db,
    PLANS.map((p, i) => ({ ...p, createdAt: new Date(base + i * 1000) })),
  );
  deps.catalogue.changed();
}

/** Creates (or finds) an email account in the Auth emulator and answers its uid. */
async function emulatorAccount(config: Config, email: string, password: string, displayName: string): Promise<string> {
  const base = `http://${config.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts`;
  const post = async (path: string, body: object, tries = 5): Promise<{ localId?: string; error?: { message: string } }> => {
    const res = await fetch(`${base}:${path}?key=${config.firebase.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    }).catch((err: unknown) => (tries > 1 ? null : Promise.reject(err)));
    if (!res) {
      await new Promise((r) => setTimeout(r, 500));
      return post(path, body, tries - 1);
    }
    return (await res.json()) as { localId?: string; error?: { message: string } };
  };
  const signedIn = await post('signInWithPassword', { email, password });
  if (signedIn.localId) return signedIn.localId;
  const created = await post('signUp', { email, password, displayName });
  if (!created.localId) throw new Error(`Could not create ${email} in the Auth emulator: ${created.error?.message}`);
  return created.localId;
}

export async function seedAccounts(deps: Deps): Promise<void> {
  const { config } = deps;
  if (!config.authEmulatorHost) return;
  const { db } = deps.db;
  for (const account of DEMO_ACCOUNTS) {
    const uid = await emulatorAccount(config, account.email, account.password, account.name);
    // The seed made these emulator accounts itself, so it vouches for their addresses.
    await putAccount(db, {
      id: uid,
      email: account.email,
      emailVerified: true,
      name: account.name,
      isAdmin: account.isAdmin,
      termsVersion: account.consented ? TERMS_VERSION : null,
      termsAcceptedAt: account.consented ? new Date() : null,
    });
  }
}
