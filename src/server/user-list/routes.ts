import * as routes from '../../api/user-list.ts';
import { csvSeparatorFor, separatorChar } from '../../domain/csv-format.ts';
import { localizePlan } from '../../domain/localize.ts';
import { requireAdmin } from '../access/caller.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { peoplesWording, userListCsv } from './csv.ts';
import { listUsers } from './queries.ts';

/** /user-list: the admins' list of every profile, a page at a time, and the whole filtered list as CSV. */
export const userListApp = subApp()
  .openapi(guarded(routes.list, requireAdmin), async (c) => {
    const { limit, offset, ...filter } = c.req.valid('query');
    const { rows, total } = await listUsers(c.get('deps').db.db, filter, { limit, offset }, new Date());
    return c.json({ users: rows, total, limit, offset }, 200);
  })
  .openapi(guarded(routes.exportCsv, requireAdmin), async (c) => {
    const { lang, separator, ...filter } = c.req.valid('query');
    const { rows } = await listUsers(c.get('deps').db.db, filter, { limit: null, offset: 0 }, new Date());
    // A person's file names plans by their titles in the reader's language, as the screen does.
    const titles = lang && new Map((await c.get('deps').catalogue.allPlans()).map((p) => [p.id, localizePlan(p, lang).title]));
    const body = lang && titles ? userListCsv(rows, peoplesWording(lang, titles), separatorChar(separator ?? csvSeparatorFor(lang))) : userListCsv(rows);
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="users.csv"',
      'cache-control': 'private, no-store',
    });
  });
