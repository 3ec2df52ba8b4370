declare namespace App {
  /** What src/middleware.ts sets for every page and component to read. */
  interface Locals {
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
