import { sql, type SQL } from 'drizzle-orm';
import type { UserListFilter, UserListRow } from '../../api/user-list.ts';
import { rowsOf, type Db } from '../db/client.ts';

/** The SQL of /user-list: one query that filters, sorts and pages every profile, with the facts a row shows. */

type Filter = Omit<UserListFilter, 'sort' | 'order'> & Required<Pick<UserListFilter, 'sort' | 'order'>>;

/** A subscription `s` (a jsonb element) that is active at `nowMs`, as subscriptionStatus decides it (strictly later than now). */
const active = (nowMs: number) =>
  sql`((s->'next_billing_time'->>'seconds')::numeric * 1000 + floor((s->'next_billing_time'->>'nanoseconds')::numeric / 1000000)) > ${nowMs}`;
const holds = (nowMs: number, plan?: string) =>
  sql`exists (select 1 from jsonb_array_elements(u.subscriptions) s where ${active(nowMs)}${plan === undefined ? sql`` : sql` and s->>'product_id' = ${plan}`})`;

function conditions(filter: Filter, nowMs: number): SQL[] {
  const where: SQL[] = [];
  if (filter.q) {
    const q = filter.q.toLowerCase();
    where.push(sql`(strpos(lower(u.name), ${q}) > 0 or strpos(lower(u.email), ${q}) > 0)`);
  }
  if (filter.role === 'admin') where.push(sql`u.is_admin`);
  if (filter.role === 'expert') where.push(sql`u.is_expert`);
  if (filter.role === 'director') where.push(sql`d.user_id is not null`);
  if (filter.role === 'learner') where.push(sql`not u.is_admin and not u.is_expert and d.user_id is null`);
  if (filter.access === 'premium') where.push(sql`u.is_premium`);
  if (filter.access === 'subscribed') where.push(holds(nowMs));
  if (filter.access === 'expired') where.push(sql`jsonb_array_length(u.subscriptions) > 0 and not ${holds(nowMs)}`);
  if (filter.access === 'none') where.push(sql`not u.is_premium and not u.is_admin and not ${holds(nowMs)}`);
  if (filter.plan !== undefined) where.push(holds(nowMs, filter.plan));
  if (filter.group !== undefined) where.push(sql`exists (select 1 from group_members g where g.group_id = ${filter.group} and g.user_id = u.id)`);
  return where;
}

/** The order of the list: the chosen key, then the id, so equal keys keep one order from page to page; `at` is the last activity. */
function ordering(filter: Filter, at: SQL): SQL {
  const direction = filter.order === 'asc' ? sql.raw('asc') : sql.raw('desc');
  const key = filter.sort === 'name' ? sql`lower(u.name)` : filter.sort === 'lastActiveAt' ? at : sql`u.created_at`;
  // Those who never played come last whichever way the list runs.
  const nulls = filter.sort === 'lastActiveAt' ? sql.raw(' nulls last') : sql``;
  return sql`${key} ${direction}${nulls}, u.id ${direction}`;
}

const whereOf = (where: SQL[]) => (where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``);

/**
 * The profiles the filter selects, in its order, `limit` of them from `offset` (all when limit is null), and how many
 * it selects in all, in one pass. The page is chosen first, from ids and sort keys (a top-N sort, not a sort of
 * everyone); the facts a row shows are read for that page only.
 */
export async function listUsers(
  db: Db,
  filter: Filter,
  page: { limit: number | null; offset: number },
  now: Date,
): Promise<{ rows: UserListRow[]; total: number }> {
  const nowMs = now.getTime();
  const where = conditions(filter, nowMs);
  // Sorting by last activity needs it for every profile; otherwise it is read for the page's profiles only.
  const byActivity = filter.sort === 'lastActiveAt';
  const result = await db.execute(sql`
    with directors as (select distinct user_id from group_members where role = 'director'),
    chosen as (
      select u.id, d.user_id is not null as is_director, count(*) over () as total${byActivity ? sql`, la.at` : sql``}
      from users u left join directors d on d.user_id = u.id
      ${byActivity ? sql`left join (select user_id, max(created_at) as at from attempts group by user_id) la on la.user_id = u.id` : sql``}
      ${whereOf(where)}
      order by ${ordering(filter, sql`la.at`)}
      ${page.limit === null ? sql`` : sql`limit ${page.limit}`} offset ${page.offset}
    )
    select u.id, u.email, u.name, to_json(u.created_at) #>> '{}' as created_at, u.is_admin, u.is_premium, u.is_expert, chosen.is_director, chosen.total,
      to_json((select max(a.created_at) from attempts a where a.user_id = u.id)) #>> '{}' as last_active_at,
      coalesce((select jsonb_agg(distinct s->>'product_id') from jsonb_array_elements(u.subscriptions) s where ${active(nowMs)}), '[]'::jsonb) as plans
    from chosen join users u on u.id = chosen.id
    order by ${ordering(filter, sql`chosen.at`)}`);
  const rows = rowsOf(result);
  // Counted with the page; a page past the end has no row to carry the count.
  const total = rows[0] ? Number(rows[0].total) : page.offset > 0 ? await count(db, where) : 0;
  return {
    total,
    rows: rows.map((r) => ({
      id: String(r.id),
      email: String(r.email),
      name: String(r.name),
      createdAt: iso(r.created_at)!,
      lastActiveAt: iso(r.last_active_at),
      isAdmin: Boolean(r.is_admin),
      isPremium: Boolean(r.is_premium),
      isExpert: Boolean(r.is_expert),
      isDirector: Boolean(r.is_director),
      plans: (typeof r.plans === 'string' ? JSON.parse(r.plans) : r.plans) as string[],
    })),
  };
}

/** How many profiles the filter selects, for a page past the end. */
async function count(db: Db, where: SQL[]): Promise<number> {
  const result = await db.execute(sql`
    with directors as (select distinct user_id from group_members where role = 'director')
    select count(*) as n from users u left join directors d on d.user_id = u.id ${whereOf(where)}`);
  return Number(rowsOf(result)[0]?.n ?? 0);
}

/** A timestamp as the query writes it (JSON's form, the same on either driver), in ISO form with milliseconds and Z. */
const iso = (value: unknown): string | null => (typeof value === 'string' ? new Date(value).toISOString() : null);
