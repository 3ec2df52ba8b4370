import * as routes from '../../api/user-list.ts';
import { requireAdmin } from '../access/caller.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { userListCsv } from './csv.ts';
import { listUsers } from './queries.ts';

/** /user-list: the admins' list of every profile, a page at a time, and the whole filtered list as CSV. */
export const userListApp = subApp()
  .openapi(guarded(routes.list, requireAdmin), async (c) => {
    const { limit, offset, ...filter } = c.req.valid('query');
    const { rows, total } = await listUsers(c.get('deps').db.db, filter, { limit, offset }, new Date());
    return c.json({ users: rows, total, limit, offset }, 200);
  })
  .openapi(guarded(routes.exportCsv, requireAdmin), async (c) => {
    const { rows } = await listUsers(c.get('deps').db.db, c.req.valid('query'), { limit: null, offset: 0 }, new Date());
    return c.body(userListCsv(rows), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="users.csv"',
      'cache-control': 'private, no-store',
    });
  });
