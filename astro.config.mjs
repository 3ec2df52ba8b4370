import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, LOCALES } from './src/i18n/locales.ts';

const codes = LOCALES.map((l) => l.code);

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  outDir: process.env.DIST_DIR ?? './dist',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    {
      name: 'client-session',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'session', entrypoint: fileURLToPath(new URL('./src/islands/header/client-session.ts', import.meta.url)) }),
      },
    },
    sitemap({
      // Pages marked noindex (sign-in, account, admin) stay out of the sitemap.
      filter: (page) => !/\/(login|signup|reset-password|account|admin-users|certificate|groups)\/?$/.test(new URL(page).pathname),
      i18n: { defaultLocale: DEFAULT_LOCALE, locales: Object.fromEntries(codes.map((code) => [code, code])) },
    }),
  ],
  trailingSlash: 'ignore',
  i18n: {
    locales: codes,
    defaultLocale: DEFAULT_LOCALE,
    routing: { prefixDefaultLocale: false },
  },
  build: { inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
  // React is bundled into the server build as its production build, whatever NODE_ENV the server runs with (left
  // external, it picks its several-times-slower development build unless NODE_ENV=production, our strict mode).
  vite: { ssr: { noExternal: ['react', 'react-dom', '@nanostores/react'] }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } },
});
