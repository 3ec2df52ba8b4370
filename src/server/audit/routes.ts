import { auditChanges } from '../../domain/audit-diff.ts';
import { requireAdmin } from '../access/caller.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { auditEntries } from './queries.ts';
import * as routes from '../../api/audit.ts';

/** /audit: the administrators' reading of the audit trail, each entry with what it changed field by field. */
export const auditApp = subApp().openapi(guarded(routes.audit, requireAdmin), async (c) => {
  const { entity, id, limit } = c.req.valid('query');
  const rows = await auditEntries(c.get('deps').db.db, { entity, id, limit });
  return c.json(
    rows.map((r) => ({ ...r, changes: auditChanges(r.before, r.after), at: r.at.toISOString() })),
    200,
  );
});
