import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Module } from '../../api/courses.ts';
import type { CourseStatus } from '../../domain/defaults.ts';
import { addressKeySql } from './address-key.ts';
import type { StoredCourseInput } from '../../api/courses.ts';
import type { CourseText, PlanText, TitleText, Translations } from '../../domain/localize.ts';
import type { CertificateCase } from '../../domain/progress.ts';
import type { CertificateKind, Sitting } from '../../domain/assessment.ts';
import type { Subscription } from '../../api/users.ts';
import type { ComponentId, Debrief, Gate, PlausibilityFlag, SimMetrics, Task } from '../../domain/simulator/index.ts';
import type { FETO_PROCEDURE, FetoGate } from '../../domain/airway/record.ts';

/** The one Postgres schema, for PGlite and PostgreSQL alike. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    /** Whether Firebase vouched for the address (the token's email_verified): only a verified address is given a role by address. */
    emailVerified: boolean('email_verified').notNull().default(false),
    name: text('name').notNull().default(''),
    contact: text('contact').notNull().default(''),
    /** The postal address and tax id (CPF, NIF, VAT…) the learner's invoices name, as My account keeps them; copied onto each order at capture. */
    billingAddress: text('billing_address').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    /** The language the person last read the site in (a locale code), for what is mailed to them; null until a signed-in page says. */
    language: text('language'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isPremium: boolean('is_premium').notNull().default(false),
    /** An expert's attempts set each case's benchmark. */
    isExpert: boolean('is_expert').notNull().default(false),
    subscriptions: jsonb('subscriptions').$type<Subscription[]>().notNull().default([]),
    /** The terms version (domain/legal.ts) accepted at sign-up, and when; null on profiles made before consent was asked. */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One profile per address as addresses are compared (address-key.ts); '' is a profile without one (its duplicate was cleared by migration 0002).
  (t) => [
    uniqueIndex('users_email_key')
      .on(addressKeySql(t.email))
      .where(sql`${t.email} <> ''`),
  ],
);

export const courses = pgTable('courses', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull(),
  thumbnail: text('thumbnail'),
  levels: jsonb('levels').$type<Module[]>().notNull().default([]),
  /** Proficiency-based order: a module opens only once every case of the module before it is passed. */
  proficiencyOrder: boolean('proficiency_order').notNull().default(false),
  /** Only attempts played in an assessment window (see assessmentWindows) pass a case and count for the certificate. */
  assessmentRequired: boolean('assessment_required').notNull().default(false),
  /** What a learner will be able to do after the course, one line each (English; translations beside them). */
  outcomes: jsonb('outcomes').$type<string[]>().notNull().default([]),
  /** Estimated time to work through the course; null when the admin has not said. */
  durationMinutes: integer('duration_minutes'),
  /** The texts in the other six languages; English (the columns above) is the fallback for anything missing. */
  translations: jsonb('translations').$type<Translations<CourseText>>().notNull().default({}),
  /**
   * 'draft': never published, seen by administrators only; 'published': what learners see (the columns above);
   * 'archived': taken off the catalogue with its learners' history kept. Unpublished edits wait in course_drafts.
   */
  status: text('status').$type<CourseStatus>().notNull().default('published'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An administrator's unpublished edits of a course, whole, beside its published row: learners' reads never touch
 * this table, and writing it announces nothing, so saving a draft leaves every cache and page as it is.
 */
export const courseDrafts = pgTable('course_drafts', {
  courseId: text('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  body: jsonb('body').$type<StoredCourseInput>().notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  duration: integer('duration').notNull(),
  description: text('description').notNull(),
  courses: jsonb('courses').$type<string[]>().notNull().default([]),
  visibility: boolean('visibility').notNull().default(true),
  /** Title and description in the other six languages; English is the fallback. */
  translations: jsonb('translations').$type<Translations<PlanText>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed what, before and after: every admin write lands here in the same transaction. */
export const audit = pgTable(
  'audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actor: text('actor').notNull(),
    actorEmail: text('actor_email').notNull().default(''),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_entity').on(t.entity, t.entityId)],
);

/** PayPal orders the server created, so a capture can be checked against who ordered which plan at what price. */
export const orders = pgTable('orders', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  planId: text('plan_id').notNull(),
  amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  currency: text('currency').notNull().default('USD'),
  status: text('status').notNull().default('CREATED'),
  subscriptionId: text('subscription_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  capturedAt: timestamp('captured_at', { withTimezone: true }),
  /** The receipt's facts as they were at capture, so it reads the same after the plan or the profile changes; cleared when the account is deleted. */
  buyerName: text('buyer_name').notNull().default(''),
  buyerEmail: text('buyer_email').notNull().default(''),
  buyerAddress: text('buyer_address').notNull().default(''),
  buyerTaxId: text('buyer_tax_id').notNull().default(''),
  planTitle: text('plan_title').notNull().default(''),
  planTranslations: jsonb('plan_translations').$type<Translations<PlanText>>().notNull().default({}),
  /** The seller as configured at capture; empty on payments captured before it was kept (their receipts name today's). */
  sellerName: text('seller_name').notNull().default(''),
  sellerAddress: text('seller_address').notNull().default(''),
  /** Until when the payment gave access: the subscription's end date right after this capture. */
  paidUntil: timestamp('paid_until', { withTimezone: true }),
  /** The invoice's number, given at capture from invoice_counter in the same transaction: 1, 2, 3… with no gap. */
  invoiceNumber: integer('invoice_number').unique('orders_invoice_number_unique'),
  /** 'purchase': the plan was not held; 'renewal': the payment extended a subscription still active. */
  kind: text('kind').$type<'purchase' | 'renewal'>().notNull().default('purchase'),
  /** The seller's tax id as configured at capture (SELLER_TAX_ID); empty when none was. */
  sellerTaxId: text('seller_tax_id').notNull().default(''),
});

/** The last invoice number given: one row, raised in the transaction that completes an order, so numbers never skip. */
export const invoiceCounter = pgTable('invoice_counter', {
  id: integer('id').primaryKey().default(1),
  last: integer('last').notNull().default(0),
});

/**
 * Simulator attempts, scored by the server from the replayed event log. The id is the SHA-256 of the launch
 * token, so one token makes one attempt. Attempts stored by the first simulator have no task and no debrief.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    courseId: text('course_id').notNull(),
    /** The case played (its id in the course's levels), wherever it has moved since, and kept when the case is deleted. */
    caseId: text('case_id').notNull(),
    /** Where the case was (module and place, 1-based) when it was played: shown for attempts of a case deleted since. */
    level: integer('level').notNull(),
    caseIndex: integer('case_index').notNull(),
    task: text('task').$type<Task | typeof FETO_PROCEDURE>(),
    /** The launch's variant: which placenta of the case was played. */
    variant: bigint('variant', { mode: 'number' }).notNull().default(0),
    score: integer('score').notNull(),
    metrics: jsonb('metrics').$type<Partial<SimMetrics>>().notNull(),
    components: jsonb('components').$type<Partial<Record<ComponentId, number>>>().notNull().default({}),
    weights: jsonb('weights').$type<Partial<Record<ComponentId, number>>>().notNull().default({}),
    /** The gates that capped the score (safety, identification), lowest ceiling first; none on older attempts. */
    gates: jsonb('gates').$type<Array<Gate | FetoGate>>().notNull().default([]),
    debrief: jsonb('debrief').$type<Debrief>(),
    /** Input no hand makes: kept, but left out of progress, certificates and benchmarks. */
    flagged: boolean('flagged').notNull().default(false),
    /** Why it was flagged (plausibility.ts); empty on plausible attempts and on those flagged before reasons were kept. */
    flags: jsonb('flags').$type<PlausibilityFlag[]>().notNull().default([]),
    /** The assessment window the launch was made in; null for practice. */
    assessmentId: text('assessment_id'),
    /** SHA-256 of the log as sent, so the same log sent again is recognised without replaying it. */
    logHash: text('log_hash').notNull().default(''),
    /**
     * The normalized log as gzip-compressed JSON, base64: PGlite runs on the main thread, and parsing 10,000 events
     * into jsonb there held up every other request. Attempts of the first simulator have `events` instead.
     */
    logGzip: text('log_gzip'),
    events: jsonb('events').$type<unknown[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attempts_user_course').on(t.userId, t.courseId), index('attempts_course_case').on(t.courseId, t.caseId)],
);

/** Rate-limit counters on PostgreSQL, so every instance sharing it counts against one budget: a row per caller, limit and window. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires').on(t.expiresAt)],
);

/**
 * A course completed: issued once per learner and course when every active case is passed. Name, course title and
 * passed cases are kept as they were then, so the certificate reads the same after the course or profile changes.
 */
export const certificates = pgTable(
  'certificates',
  {
    /** 128 random bits, base64url: the public verification address cannot be guessed. */
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    courseId: text('course_id').notNull(),
    holderName: text('holder_name').notNull(),
    courseTitle: text('course_title').notNull(),
    /** The course title in the other languages as it was at issue, for the PDF and the verification page in the reader's language. */
    courseTranslations: jsonb('course_translations').$type<Translations<TitleText>>().notNull().default({}),
    cases: jsonb('cases').$type<CertificateCase[]>().notNull(),
    /** When the last case was first passed. */
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
    revokeReason: text('revoke_reason'),
    /** `assessed` when every case was passed in an assessed sitting; otherwise a certificate of completion. */
    kind: text('kind').$type<CertificateKind>().notNull().default('completion'),
    /** The sittings of an assessed certificate: who opened each and when it started. */
    sittings: jsonb('sittings').$type<Sitting[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('certificates_user_course').on(t.userId, t.courseId)],
);

/** A programme (a fellowship, a residency) whose directors follow its members' learning record. */
export const groups = pgTable('groups', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who belongs to a group, and as what: a member is followed, a director follows. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    role: text('role').$type<'member' | 'director'>().notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user').on(t.userId, t.role)],
);

/** A course a group's directors assigned to its members, to complete (a certificate issued) by `dueAt`. */
export const groupAssignments = pgTable(
  'group_assignments',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    assignedBy: text('assigned_by').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.courseId] })],
);

/** A reminder mailed to a late member: one per assignment, member and due date, so sending again mails no one twice. */
export const assignmentReminders = pgTable(
  'assignment_reminders',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    userId: text('user_id').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.courseId, t.userId, t.dueAt] })],
);

/**
 * An address invited to a group before it belongs to a verified account: it becomes a membership in that role once
 * someone signs in with that address verified, and is deleted then (or when cancelled).
 */
export const groupInvitations = pgTable(
  'group_invitations',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    role: text('role').$type<'member' | 'director'>().notNull(),
    invitedBy: text('invited_by').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('group_invitations_group_email').on(t.groupId, t.email), index('group_invitations_email').on(t.email)],
);

/**
 * A time during which a course's cases are played as an assessment (no guided steps), opened by a director for one of
 * their groups or by an administrator (for a group, or for every learner). Learners type its short code at launch.
 */
export const assessmentWindows = pgTable(
  'assessment_windows',
  {
    id: text('id').primaryKey(),
    /** Six characters of an unambiguous alphabet (domain/assessment.ts); unique for good, so an old code never opens a new window. */
    code: text('code').notNull(),
    courseId: text('course_id').notNull(),
    /** Only this group's members may use the code; null: any learner entitled to the course (administrators only). */
    groupId: text('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    openedBy: text('opened_by').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its code starts to work: the time it was opened, or later for a sitting scheduled ahead. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The learners (user ids) the sitting is for; empty: every member of its group (or every learner). */
    learners: jsonb('learners').$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('assessment_windows_code').on(t.code), index('assessment_windows_course').on(t.courseId, t.expiresAt)],
);

/**
 * Every launch made with an assessment code, recorded as it is signed: its id is the id its attempt will have, so
 * its fate (sent, flagged, expired, abandoned) is read from whether and how that attempt was stored. `seq` counts the
 * learner's launches of the case in the sitting; the unique index lets only one launch take each place.
 */
export const assessmentLaunches = pgTable(
  'assessment_launches',
  {
    id: text('id').primaryKey(),
    windowId: text('window_id')
      .notNull()
      .references(() => assessmentWindows.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    caseId: text('case_id').notNull(),
    level: integer('level').notNull(),
    caseIndex: integer('case_index').notNull(),
    seq: integer('seq').notNull(),
    launchedAt: timestamp('launched_at', { withTimezone: true }).notNull(),
    /** When its launch token lapses: a launch with no attempt by then was abandoned. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('assessment_launches_seq').on(t.windowId, t.userId, t.caseId, t.seq)],
);

/** Another launch of a case in a sitting, granted by a director or an administrator, with the reason they gave. */
export const assessmentGrants = pgTable(
  'assessment_grants',
  {
    id: text('id').primaryKey(),
    windowId: text('window_id')
      .notNull()
      .references(() => assessmentWindows.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    caseId: text('case_id').notNull(),
    reason: text('reason').notNull(),
    grantedBy: text('granted_by').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assessment_grants_window').on(t.windowId, t.userId, t.caseId)],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Pictures admins uploaded, resized and encoded by the server; the id is content-hashed, so an address never changes meaning. */
export const images = pgTable('images', {
  /** `<hash>.<format>`: one row per encoded format of one upload. */
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Work a migration leaves for the server to do once at start-up, where it needs more than SQL (the catalogue, the
 * domain's rules): a migration inserts the task's row, the server does it and sets `done_at`.
 */
export const startupTasks = pgTable('startup_tasks', {
  name: text('name').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }),
});
