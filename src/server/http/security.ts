import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_PATHS, type Config } from '../config.ts';

/** The hosts the browser may reach besides our own origin, from configuration. */
export interface ExternalHosts {
  connect: string[];
  script: string[];
  frame: string[];
  img: string[];
  form: string[];
}

/** Where the home contact form and the support form post: the configured services, or the local stand-ins. */
export function formEndpoints(config: Pick<Config, 'formMailUrl' | 'formSubmitUrl'>): { contactUrl: string; supportUrl: string } {
  return { contactUrl: config.formMailUrl ?? SANDBOX_PATHS.formmail, supportUrl: config.formSubmitUrl ?? SANDBOX_PATHS.forms };
}

/** The origin of an absolute URL (null for our own paths), as a CSP source. */
function originOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

/** Firebase Auth's hosts (or the emulator), PayPal's when it is configured, and the form services the forms post to. */
export function externalHosts(config: Config): ExternalHosts {
  const firebase = config.authEmulatorHost
    ? [`http://${config.authEmulatorHost}`]
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'];
  const authDomain = `https://${config.firebase.authDomain}`;
  const paypal = config.paypal.clientId ? ['https://*.paypal.com', 'https://*.paypalobjects.com'] : [];
  const { contactUrl, supportUrl } = formEndpoints(config);
  const forms = [...new Set([contactUrl, supportUrl].map(originOf).filter((o): o is string => o !== null))];
  return {
    connect: [...firebase, ...paypal, ...forms],
    script: [...(config.authEmulatorHost ? [] : ['https://apis.google.com']), ...paypal],
    frame: [config.authEmulatorHost ? `http://${config.authEmulatorHost}` : authDomain, ...paypal],
    img: ['https://lh3.googleusercontent.com', ...paypal],
    form: [],
  };
}

/** sha256 sources of the inline <script>s of one HTML document. */
export function scriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/** The hashes of every inline script of the prerendered pages, so their policy needs no 'unsafe-inline'. */
export function inlineScriptHashes(dir: string): string[] {
  const hashes = new Set<string>();
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.html')) for (const hash of scriptHashes(readFileSync(full, 'utf8'))) hashes.add(hash);
    }
  };
  walk(dir);
  return [...hashes].sort();
}

/** The Content-Security-Policy of our pages: our origin, the configured hosts, and the hashed inline scripts. */
export function pagePolicy(hosts: ExternalHosts, scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes, ...hosts.script].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${hosts.img.join(' ')}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${hosts.connect.join(' ')}`.trim(),
    `frame-src 'self' ${hosts.frame.join(' ')}`.trim(),
    "media-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${hosts.form.join(' ')}`.trim(),
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every answer carries, page or API. */
export function commonHeaders(config: Config): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    ...(config.production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** The API's policy: JSON is never a document that runs anything. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers of every API answer (answers about the caller or changing with any write are never stored). */
export function apiHeaders(config: Config): Record<string, string> {
  return { ...commonHeaders(config), 'content-security-policy': API_POLICY, 'cache-control': 'private, no-store' };
}
