declare namespace App {
  /** What src/middleware.ts sets for every page and component to read. */
  interface Locals {
    locale: import('./i18n/locales.ts').Locale;
    t: import('./i18n/index.ts').T;
  }
}
