/** The sources one directive of a Content-Security-Policy lists: shared by the API's and the production server's CSP tests. */
export function sources(policy: string, directive: string): string[] {
  const found = policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return found?.slice(1) ?? [];
}
