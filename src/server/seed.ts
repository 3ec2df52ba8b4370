import { eq, ne, and, sql } from 'drizzle-orm';
import type { CaseItem, Level } from '../domain/defaults.ts';
import type { CaseParams } from '../domain/simulator/params.ts';
import type { Config } from './config.ts';
import type { Deps } from './deps.ts';
import { courses, plans, users } from './db/schema.ts';

const simCase = (title: string, sim: CaseParams): CaseItem => ({ title, bubbles: [], sim });

/**
 * The fetoscopy course's cases, each with its simulator parameters: navigation moves from the easy posterior
 * placenta to the anterior one that needs the angled scope; selective coagulation and the Solomon line get
 * harder through more, and smaller, anastomoses.
 */
const FETOSCOPY_MODULES: Array<[string, CaseItem[]]> = [
  [
    'Basic navigation',
    [
      simCase('Posterior placenta, straight scope', { task: 'navigation', difficulty: 1, placenta: 'posterior', anastomoses: 3, smallestMm: 1.8, scopes: 'straight', targets: 3 }),
      simCase('Posterior or anterior placenta, choice of scope', { task: 'navigation', difficulty: 2, placenta: 'either', anastomoses: 4, smallestMm: 1.4, scopes: 'both', targets: 4 }),
      simCase('Anterior placenta, choice of scope', { task: 'navigation', difficulty: 3, placenta: 'anterior', anastomoses: 5, smallestMm: 1, scopes: 'both', targets: 5 }),
    ],
  ],
  [
    'Selective coagulation',
    [
      simCase('Three large anastomoses, posterior placenta', { task: 'selective', difficulty: 2, placenta: 'posterior', anastomoses: 3, smallestMm: 2, scopes: 'straight', targets: 4 }),
      simCase('Four anastomoses, placenta anterior or posterior', { task: 'selective', difficulty: 3, placenta: 'either', anastomoses: 4, smallestMm: 1.2, scopes: 'both', targets: 4 }),
      simCase('Six anastomoses, anterior placenta', { task: 'selective', difficulty: 4, placenta: 'anterior', anastomoses: 6, smallestMm: 0.8, scopes: 'both', targets: 4 }),
      simCase('Eight anastomoses, sub-millimetre ones, anterior placenta', { task: 'selective', difficulty: 5, placenta: 'anterior', anastomoses: 8, smallestMm: 0.5, scopes: 'both', targets: 4 }),
    ],
  ],
  [
    'Solomon technique',
    [
      simCase('Solomon line, posterior placenta', { task: 'solomon', difficulty: 3, placenta: 'posterior', anastomoses: 4, smallestMm: 1.4, scopes: 'straight', targets: 4 }),
      simCase('Solomon line, placenta anterior or posterior', { task: 'solomon', difficulty: 4, placenta: 'either', anastomoses: 6, smallestMm: 0.8, scopes: 'both', targets: 4 }),
      simCase('Solomon line, anterior placenta, sub-millimetre anastomoses', { task: 'solomon', difficulty: 5, placenta: 'anterior', anastomoses: 8, smallestMm: 0.4, scopes: 'both', targets: 4 }),
    ],
  ],
];

/** Demo data for the local default only: the home page's five courses, three plans and two accounts. */
const COURSES: Array<{ id: string; title: string; subtitle: string; modules: Array<[string, number | CaseItem[]]> }> = [
  {
    id: 'fetoscopy-simulator',
    title: 'Fetoscopy simulator',
    subtitle: 'Laser coagulation of placental anastomoses in twin-twin transfusion syndrome, with the Solomon technique',
    modules: FETOSCOPY_MODULES,
  },
  {
    id: 'bronchoscopy',
    title: 'Bronchoscopy',
    subtitle: 'Neonatal airway assessment with a flexible bronchoscope',
    modules: [['Anatomy of the airway', 2], ['Guided inspection', 3]],
  },
  {
    id: 'fetal-tracheal-occlusion',
    title: 'Fetal tracheal occlusion',
    subtitle: 'FETO for congenital diaphragmatic hernia: balloon placement and removal',
    modules: [['Access and orientation', 2], ['Balloon placement', 3], ['Balloon removal', 2]],
  },
  {
    id: 'catheter-placement',
    title: 'Catheter placement',
    subtitle: 'Ultrasound-guided fetal shunt and catheter insertion',
    modules: [['Needle guidance', 3], ['Shunt deployment', 2]],
  },
  {
    id: 'pleuroamniotic',
    title: 'Pleuroamniotic',
    subtitle: 'Pleuroamniotic shunting for fetal hydrothorax',
    modules: [['Diagnosis and planning', 2], ['Shunt placement', 3]],
  },
];

const PLANS = [
  { id: 'plan-fetoscopy', title: 'Fetoscopy', price: 199, duration: 3, description: 'Three months of the fetoscopy simulator: every module and case.', courses: ['fetoscopy-simulator'], visibility: true },
  { id: 'plan-complete', title: 'Complete', price: 499, duration: 12, description: 'A year of every course of the academy.', courses: COURSES.map((c) => c.id), visibility: true },
  { id: 'plan-pilot', title: 'Hospital pilot', price: 49.99, duration: 1, description: 'A one-month pilot offered to partner hospitals.', courses: ['fetoscopy-simulator', 'bronchoscopy'], visibility: false },
];

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', password: 'admin123', name: 'Ada Admin', isAdmin: true },
  { email: 'learner@example.com', password: 'learner123', name: 'Lea Learner', isAdmin: false },
];

/** A module given as a count gets numbered cases with the module's default parameters. */
function levelsOf(modules: Array<[string, number | CaseItem[]]>): Level[] {
  return modules.map(([title, cases]) => ({
    title,
    active: true,
    cases: typeof cases === 'number' ? Array.from({ length: cases }, (_, i) => ({ title: `Case ${i + 1}`, bubbles: [] })) : cases,
  }));
}

export async function seedCatalogue(deps: Pick<Deps, 'db' | 'catalogue'>): Promise<void> {
  const { db } = deps.db;
  const base = Date.UTC(2024, 0, 1);
  await db
    .insert(courses)
    .values(COURSES.map((c, i) => ({ id: c.id, title: c.title, subtitle: c.subtitle, thumbnail: null, levels: levelsOf(c.modules), createdAt: new Date(base + i * 1000) })))
    .onConflictDoNothing();
  await db
    .insert(plans)
    .values(PLANS.map((p, i) => ({ ...p, createdAt: new Date(base + i * 1000) })))
    .onConflictDoNothing();
  await deps.catalogue.changed();
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
    await db.delete(users).where(and(eq(sql`lower(${users.email})`, account.email), ne(users.id, uid)));
    await db
      .insert(users)
      .values({ id: uid, email: account.email, name: account.name, isAdmin: account.isAdmin })
      .onConflictDoNothing();
  }
}
