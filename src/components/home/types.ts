import type { CollectionEntry } from 'astro:content';

/** The home page's content in one locale, as the section components receive it. */
export type Home = CollectionEntry<'home'>['data'];
