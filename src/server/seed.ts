import { eq, ne, and, sql } from 'drizzle-orm';
import type { Level } from '../domain/defaults.ts';
import type { Config } from './config.ts';
import type { Deps } from './deps.ts';
import { courses, plans, users } from './db/schema.ts';

/** Demo data for the local default only: the home page's five courses, three plans and two accounts. */
const COURSES: Array<{ id: string; title: string; subtitle: string; modules: Array<[string, number]> }> = [
  {
    id: 'fetoscopy-simulator',
    title: 'Fetoscopy simulator',
    subtitle: 'Laser coagulation of placental anastomoses in twin-twin transfusion syndrome, with the Solomon technique',
    modules: [['Basic navigation', 3], ['Selective coagulation', 4], ['Solomon technique', 3]],
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

function levelsOf(modules: Array<[string, number]>): Level[] {
  return modules.map(([title, count]) => ({
    title,
    active: true,
    cases: Array.from({ length: count }, (_, i) => ({ title: `Case ${i + 1}`, bubbles: [] })),
  }));
}

export async function seedCatalogue(deps: Deps): Promise<void> {
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
