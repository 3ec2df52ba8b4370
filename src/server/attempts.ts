import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import { ErrorCode } from '../api/errors.ts';
import { AttemptInput, AttemptResult, AttemptSummary, CaseProgress, dbString } from '../api/schemas.ts';
import { computeMetrics, generatePlacenta, replay, scoreAttempt, seedFor } from '../domain/simulator/index.ts';
import { attempts } from './db/schema.ts';
import { bearer, callerIsAdmin, errors, fail, json, jsonBody, requireUser, subApp } from './http.ts';
import { LAUNCH_TOKEN_TTL_SECONDS, verifyLaunchToken } from './launch-token.ts';

/** An attempt cannot outlast its launch link, which bounds what one replay can cost. */
const MAX_ATTEMPT_MS = LAUNCH_TOKEN_TTL_SECONDS * 1000;

type Row = typeof attempts.$inferSelect;

function summaryOf(row: Row) {
  const metrics = row.metrics as { surgeryTimeMs?: number };
  return {
    id: row.id,
    userId: row.userId,
    courseId: row.courseId,
    level: row.level,
    case: row.caseIndex,
    score: row.score,
    surgeryTimeMs: metrics.surgeryTimeMs ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

const listQuery = z.strictObject({
  userId: dbString().min(1).max(128).optional(),
  courseId: dbString().min(1).max(128).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const summaryQuery = z.strictObject({
  userId: dbString().min(1).max(128).optional(),
  courseId: dbString().min(1).max(128).optional(),
});

/** /attempts: the simulator's results, scored here by replaying the event log, never trusted from the browser. */
export const attemptsApp = subApp()
  .openapi(
    createRoute({
      method: 'post',
      path: '/attempts',
      request: { body: jsonBody(AttemptInput) },
      responses: {
        200: json(AttemptResult, 'Already stored: the same attempt sent again'),
        201: json(AttemptResult, 'Stored'),
        400: errors[400],
        401: errors[401],
        404: errors[404],
      },
    }),
    async (c) => {
      const { token, events } = c.req.valid('json');
      const { catalogue, config, db } = c.get('deps');
      const claims = await verifyLaunchToken(config.launchSecret, token);
      if (!claims) return fail(c, 401, 'invalid_token', 'The launch token is invalid or expired');
      const course = (await catalogue.course(claims.course))?.value;
      if (!course) return fail(c, 404, ErrorCode.notFound, 'No such course');
      if (!course.levels[claims.level - 1]?.cases[claims.case - 1]) return fail(c, 404, ErrorCode.notFound, 'No such case in this course');
      if (events.some((e) => e.t > MAX_ATTEMPT_MS)) return fail(c, 400, ErrorCode.invalidBody, 'events: the attempt lasts longer than its launch link');
      const placenta = generatePlacenta(seedFor(claims.course, claims.level, claims.case), claims.level);
      const state = replay(placenta, events);
      if (state.openedAt === null) return fail(c, 400, ErrorCode.invalidBody, 'events: the fetoscopy was never opened');
      const metrics = computeMetrics(state);
      const { score, components } = scoreAttempt(metrics);
      // The same token and log (a retry after a lost answer, or a captured request replayed) is one attempt, stored once.
      const id = createHash('sha256').update(token).update('\n').update(JSON.stringify(events)).digest('hex');
      const [inserted] = await db.db
        .insert(attempts)
        .values({ id, userId: claims.uid, courseId: claims.course, level: claims.level, caseIndex: claims.case, score, metrics, events: state.log })
        .onConflictDoNothing()
        .returning();
      const row = inserted ?? (await db.db.select().from(attempts).where(eq(attempts.id, id)))[0]!;
      return c.json({ ...summaryOf(row), metrics: { ...metrics }, components: { ...components } }, inserted ? 201 : 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/attempts',
      security: bearer,
      middleware: [requireUser] as const,
      request: { query: listQuery },
      responses: { 200: json(z.array(AttemptSummary)), 400: errors[400], 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const { userId, courseId, limit } = c.req.valid('query');
      const uid = userId ?? c.get('caller')!.uid;
      if (uid !== c.get('caller')!.uid && !(await callerIsAdmin(c))) return fail(c, 403, ErrorCode.forbidden, "Only administrators may read another user's attempts");
      const rows = await c.get('deps').db.db
        .select()
        .from(attempts)
        .where(and(eq(attempts.userId, uid), courseId ? eq(attempts.courseId, courseId) : undefined))
        .orderBy(desc(attempts.createdAt), desc(attempts.id))
        .limit(limit);
      return c.json(rows.map(summaryOf), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/attempts/summary',
      security: bearer,
      middleware: [requireUser] as const,
      request: { query: summaryQuery },
      responses: { 200: json(z.array(CaseProgress)), 400: errors[400], 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const { userId, courseId } = c.req.valid('query');
      const uid = userId ?? c.get('caller')!.uid;
      if (uid !== c.get('caller')!.uid && !(await callerIsAdmin(c))) return fail(c, 403, ErrorCode.forbidden, "Only administrators may read another user's attempts");
      const rows = await c.get('deps').db.db
        .select({
          courseId: attempts.courseId,
          level: attempts.level,
          case: attempts.caseIndex,
          bestScore: max(attempts.score),
          attempts: count(),
          lastAt: sql<string>`max(${attempts.createdAt})`.mapWith((v: unknown) => new Date(v as string).toISOString()),
        })
        .from(attempts)
        .where(and(eq(attempts.userId, uid), courseId ? eq(attempts.courseId, courseId) : undefined))
        .groupBy(attempts.courseId, attempts.level, attempts.caseIndex)
        .orderBy(attempts.courseId, attempts.level, attempts.caseIndex);
      return c.json(rows.map((r) => ({ ...r, bestScore: r.bestScore ?? 0 })), 200);
    },
  );
