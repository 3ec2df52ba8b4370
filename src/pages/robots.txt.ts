import type { APIRoute } from 'astro';
import { API_BASE } from '../api/paths.ts';

/** Lets crawlers in and points them at the sitemap (@astrojs/sitemap writes sitemap-index.xml). */
export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\nDisallow: ${API_BASE}/\n\nSitemap: ${new URL('/sitemap-index.xml', site).href}\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
