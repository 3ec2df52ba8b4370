import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** Marketing words and pictures, one entry per locale, so copy is edited in content files and not in components. */
const keepId = ({ entry }: { entry: string }) => entry.replace(/\.(json|md)$/, '');

const home = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/home', generateId: keepId }),
  schema: ({ image }) =>
    z.object({
      description: z.string(),
      hero: z.object({
        eyebrow: z.string(),
        title: z.string(),
        text: z.string(),
        cta: z.string(),
        secondary: z.string(),
        videoLabel: z.string(),
        poster: image(),
      }),
      cards: z.object({ title: z.string(), items: z.array(z.object({ title: z.string(), text: z.string(), points: z.array(z.string()) })).length(4) }),
      courses: z.object({
        title: z.string(),
        intro: z.string(),
        viewAll: z.string(),
        items: z.array(z.object({ id: z.string(), title: z.string(), text: z.string(), image: image() })).min(1),
      }),
      congress: z.object({ title: z.string(), text: z.string(), shots: z.array(z.object({ image: image(), alt: z.string(), caption: z.string() })) }),
      how: z.object({
        title: z.string(),
        intro: z.string(),
        steps: z.array(z.string()).length(8),
        final: z.object({ title: z.string(), text: z.string(), alt: z.string(), image: image() }),
      }),
      buy: z.object({ title: z.string(), steps: z.array(z.string()).min(1) }),
      contact: z.object({
        title: z.string(),
        text: z.string(),
        detailsTitle: z.string(),
        email: z.string(),
        phone: z.string(),
        address: z.string(),
        talkTitle: z.string(),
        talkText: z.string(),
        formTitle: z.string(),
      }),
    }),
});

/** Information and support pages: src/content/pages/<locale>/<page>.md */
const pages = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/pages', generateId: keepId }),
  schema: z.object({ title: z.string(), description: z.string() }),
});

/** News: src/content/news/<locale>/<slug>.md, listed newest first. */
const news = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/news', generateId: keepId }),
  schema: z.object({ title: z.string(), description: z.string(), date: z.coerce.date() }),
});

/**
 * Privacy notice, terms of use, refund policy, cookies and storage: src/content/legal/<locale>/<page>.md, the pages of
 * domain/legal.ts. `updated` is the day the text last changed in substance.
 */
const legal = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/legal', generateId: keepId }),
  schema: z.object({ title: z.string(), description: z.string(), updated: z.coerce.date() }),
});

export const collections = { home, pages, news, legal };
