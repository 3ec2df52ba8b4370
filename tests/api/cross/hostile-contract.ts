import { bool, int, list, loose, oneOf, optional, readOnly, strict, text, type ObjectRule, type Rule } from './hostile-rules.ts';
import { SEEDED_COURSES, VISIBLE_PLANS } from '../support.ts';
import { TERMS_VERSION } from '../../../src/domain/legal.ts';

/**
 * The bodies of the API's write endpoints as the contract documents them (fields, types, bounds, required keys),
 * written out here by hand: a bound changed in the server's schemas makes the hostile suite fail.
 */

/** The content languages besides English. */
const LOCALES = ['es', 'fr', 'ar', 'pt', 'zh-CN', 'ru'];
const translations = (of: Rule): Rule => optional({ kind: 'record', keys: LOCALES, of });
const title = text(200, 1);
const id = (min: number, max: number): Rule => ({ kind: 'text', min, max, trim: false });

const subscription = strict({
  provider: text(200, 1),
  plan_name: text(300),
  product_id: text(100, 1),
  subscription_id: text(100, 1),
  next_billing_time: strict({ seconds: int(0, 253_402_300_799), nanoseconds: int(0, 999_999_999) }),
});

export const newUser = strict({
  id: id(1, 128),
  email: { kind: 'email', max: 320 },
  // The terms in force, a constant editors change with the terms' text: any other version is refused.
  acceptedTerms: oneOf(TERMS_VERSION),
  isAdmin: optional(bool),
  isPremium: optional(bool),
  contact: optional(text(50)),
  name: optional(text(401)),
});

/** PUT /users/learner: the user as GET answers it, the seeded learner's id, address and terms (none) read-only. */
export const userUpdate = strict({
  id: readOnly('learner'),
  email: readOnly('learner@example.com'),
  termsVersion: readOnly(null),
  name: optional(text(401)),
  contact: optional(text(50)),
  isAdmin: bool,
  isPremium: bool,
  isExpert: optional(bool),
  subscriptions: list(subscription, 200),
});

export const profile = strict({ name: text(401, 1), contact: text(50) });

const simulator = strict({
  task: oneOf('navigation', 'selective', 'solomon'),
  difficulty: int(1, 5),
  placenta: oneOf('posterior', 'anterior', 'either'),
  anastomoses: int(1, 12),
  smallestMm: { kind: 'number', min: 0.4, max: 3, step: 0.1 },
  scopes: oneOf('straight', 'angled', 'both'),
  targets: int(2, 8),
});

const titles = translations(strict({ title: text(200) }));
const courseCase = strict({ title, translations: titles, bubbles: list(text(500), 50), sim: optional(simulator), passMark: optional(int(1, 100)) });
const courseModule = strict({ title, translations: titles, active: bool, cases: list(courseCase, 200) });

export const course = strict({
  title,
  subtitle: text(500),
  thumbnail: optional({ kind: 'nullable', of: text(2000) }),
  levels: list(courseModule, 100),
  proficiencyOrder: optional(bool),
  outcomes: optional(list(text(300, 1), 20)),
  durationMinutes: optional({ kind: 'nullable', of: int(1, 100_000) }),
  translations: translations(strict({ title: optional(text(200)), subtitle: optional(text(500)), outcomes: optional(list(text(300), 20)) })),
});

/** PUT /courses/bronchoscopy and its draft's: the course as GET answers it, its id read-only. */
export const courseSave = strict({ ...course.fields, id: readOnly('bronchoscopy') });

/** POST /courses: every field of a course may be left out. */
export const newCourse = strict(Object.fromEntries(Object.entries(course.fields).map(([k, f]) => [k, f.kind === 'optional' ? f : optional(f)])));

export const plan = strict({
  title,
  price: { kind: 'number', min: 0, above: true, max: 1_000_000, step: 0.01 },
  duration: int(1, 120),
  description: text(2000),
  courses: list({ kind: 'ref', known: SEEDED_COURSES, min: 1, max: 100, unknownRefused: true }, 100),
  visibility: bool,
  translations: translations(strict({ title: optional(text(200)), description: optional(text(2000)) })),
});

/** PUT /pricing/plan-fetoscopy: the plan as GET answers it, its id read-only. */
export const planSave = strict({ ...plan.fields, id: readOnly('plan-fetoscopy') });

export const launch = strict({ course: { kind: 'ref', known: SEEDED_COURSES, min: 1, max: 128 }, level: int(1, 100), case: int(1, 200) });

export const order = strict({ planId: { kind: 'ref', known: VISIBLE_PLANS, min: 1, max: 128 } });

const at = { kind: 'number', min: 0, max: 3_600_000 } as const;
const control = { kind: 'number', min: -1, max: 1, step: 0.25 } as const;
export const event: Rule = {
  kind: 'tagged',
  tag: 'type',
  variants: [
    { values: ['open'], object: loose({ t: at, scope: oneOf('straight', 'angled') }) },
    { values: ['input'], object: loose({ t: at, turnX: control, turnY: control, insert: control, roll: control }) },
    { values: ['classify'], object: loose({ t: at, kind: oneOf('AV', 'VA', 'AA', 'VV') }) },
    { values: ['laserOn', 'laserOff', 'fireStart', 'fireStop', 'mark', 'cancelMark', 'finish'], object: loose({ t: at }) },
  ],
};

/** POST /attempts: the launch token is taken as it is; anything else sent (a score, say) is ignored. */
export const attempt = loose({ token: { kind: 'text', min: 1, max: 4096, trim: false, plain: true }, events: list(event, 10_000, 1) });

export const contact: ObjectRule = loose({ Nombre: text(200, 1), Email: { kind: 'email', max: 320 }, Pregunta: text(5000, 1) });

/** The support form's body; the stand-in's access key is the local one. */
export const support = loose({ ...contact.fields, Platform: text(100, 1), access_key: { kind: 'ref', known: ['local-sandbox-key'], min: 0, max: 200 } });
