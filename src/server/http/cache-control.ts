/**
 * How long a browser may keep a file without asking again. Astro's build names the files under /_astro/ by a hash of
 * their content, so they never change; everything else (pages, pictures, fonts, robots.txt) keeps its address when it
 * changes, so the browser revalidates it (ETag) before every use.
 */
export function cacheControl(url: string): string {
  return url.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}
