/** Why a group's page shows nothing of the group: not one of its directors, removed as one, or the group gone. */
const REFUSALS = { refused: 'groups.refused', revoked: 'groups.revoked', notFound: 'groups.notFound' } as const;

/** The message of a group or member page that cannot be shown, or null when the error is another kind. */
export function refusalKey(error: string | null): (typeof REFUSALS)[keyof typeof REFUSALS] | null {
  return error !== null && Object.hasOwn(REFUSALS, error) ? REFUSALS[error as keyof typeof REFUSALS] : null;
}
