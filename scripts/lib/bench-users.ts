import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';

/** 10,000 profiles for bench:api's user-list rows: names, sign-up dates, plans, a group and 30,000 attempts spread over them. */
export const USER_COUNT = 10_000;
/** The admin who reads the list (a profile of its own, made an admin here). */
export const LIST_ADMIN = { uid: 'bench-api-admin', email: 'bench-admin@example.com' };

const FIRST = ['Ana', 'Ben', 'Chiara', 'Dmitri', 'Elif', 'Farid', 'Grace', 'Hiro', 'Inés', 'Jonas'];
const LAST = ['Anderson', 'Bianchi', 'Chen', 'Dubois', 'Eriksson', 'Fernández', 'García', 'Hassan', 'Ivanova', 'Johnson'];

export async function seedUserList(database: Database): Promise<void> {
  const db = database.db;
  const list = (words: string[]) => sql.raw(`array[${words.map((w) => `'${w}'`).join(',')}]`);
  await db.execute(sql`
    insert into users (id, email, name, is_admin, created_at) values (${LIST_ADMIN.uid}, ${LIST_ADMIN.email}, 'Bench Admin', true, now())`);
  // Every third holds a plan (half of those ended a month ago), every fiftieth is premium; one signed up each hour before now.
  await db.execute(sql`
    insert into users (id, email, name, is_premium, subscriptions, created_at)
    select 'bench-user-' || i, 'user' || i || '@hospital' || (i % 40) || '.test',
      (${list(FIRST)})[1 + i % 10] || ' ' || (${list(LAST)})[1 + (i / 10) % 10] || ' ' || i,
      i % 50 = 0,
      case when i % 3 = 0 then jsonb_build_array(jsonb_build_object(
        'provider', 'paypal', 'plan_name', 'Complete', 'product_id', 'plan-complete', 'subscription_id', 'bench-sub-' || i,
        'next_billing_time', jsonb_build_object('seconds', extract(epoch from now())::bigint + (case when i % 2 = 0 then 86400 * 30 else -86400 * 30 end), 'nanoseconds', 0)))
      else '[]'::jsonb end,
      now() - i * interval '1 hour'
    from generate_series(1, ${USER_COUNT}) i`);
  await db.execute(sql`insert into groups (id, name) values ('bench-group', 'Bench fellowship')`);
  await db.execute(sql`
    insert into group_members (group_id, user_id, role)
    select 'bench-group', 'bench-user-' || i, case when i % 25 = 0 then 'director' else 'member' end from generate_series(1, 1000) i`);
  // 30,000 attempts by 7,000 of them, the latest a few minutes ago.
  await db.execute(sql`
    insert into attempts (id, user_id, course_id, case_id, level, case_index, score, metrics, created_at)
    select md5('bench-attempt-' || i), 'bench-user-' || (1 + i % 7000), 'fetoscopy-simulator', 'm1c1', 1, 1, 50 + i % 50, '{}'::jsonb, now() - i * interval '3 minutes'
    from generate_series(1, 30000) i`);
}
