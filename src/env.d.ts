declare namespace App {
  /**
   * What src/middleware.ts sets for every page and component to read, and what the server gives the on-demand pages
   * (src/server/pages/locals.ts; absent under `astro dev` and while prerendering, so each may be missing).
   */
  interface Locals extends Partial<import('./server/pages/locals.ts').PageLocals> {
    locale: import('./i18n/locales.ts').Locale;
    t: import('./i18n/index.ts').T;
  }
}

declare namespace Astro {
  /** client:session (src/islands/header/client-session.ts, registered in astro.config.mjs): hydrates only where someone may be signed in. */
  interface ClientDirectives {
    'client:session'?: boolean;
  }
}
