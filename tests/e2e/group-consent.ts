import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';
import { idTokenFor } from './helpers.ts';

/**
 * Accepts, as `who`, every group invitation waiting for their address, through the API My learning calls: a member
 * joins a group only by accepting, so a journey about what a director reads starts once the learner has agreed.
 */
export async function acceptInvitations(request: APIRequestContext, who: { email: string; password: string }): Promise<void> {
  const headers = { authorization: `Bearer ${await idTokenFor(who)}` };
  const mine = (await (await request.get('/api/learning/groups', { headers })).json()) as { invitations: Array<{ id: string }> };
  expect(mine.invitations.length).toBeGreaterThan(0);
  for (const { id } of mine.invitations) expect((await request.post(`/api/learning/invitations/${id}/accept`, { headers })).status()).toBe(200);
}
