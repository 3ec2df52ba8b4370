import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The shape of the source: what imports what, read from the files as they are. */
const root = join(import.meta.dirname, '../..');
const sources = (dir: string) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|astro)$/.test(f))
    .map((f) => normalize(join(dir, f)));
const files = sources('src').filter((f) => !f.endsWith('.astro'));
const read = (file: string) => readFileSync(join(root, file), 'utf8');

const imports = new Map(
  files.map((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const targets = [...text.matchAll(/^(?:import|export)[^;]*? from '(\.[^']+)'/gms)].map((m) => normalize(join(dirname(file), m[1]!)));
    return [file, targets] as const;
  }),
);

/** The shared rooms of src/server (its other folders are areas, its top-level files the start-up). */
const ROOMS = ['access', 'db', 'http', 'pages', 'pdf', 'seed'];
const areaOf = (file: string) => {
  const folder = /^src\/server\/([a-z-]+)\//.exec(file)?.[1];
  return folder && !ROOMS.includes(folder) ? folder : null;
};
/** The handlers: one routes.ts per area. */
const handlers = files.filter((f) => /^src\/server\/[a-z-]+\/routes\.ts$/.test(f));

/** The files that define a sub-app of the API: one per area of routes. */
const routeFiles = files.filter((f) => /export const \w+App = subApp\(\)/.test(readFileSync(join(root, f), 'utf8')));

describe('the source layout', () => {
  it('has route files to check', () => expect(routeFiles.length).toBeGreaterThan(10));

  it('has no route file that imports another: what they share lives in its own module', () => {
    const crossing = routeFiles.flatMap((file) =>
      imports
        .get(file)!
        .filter((t) => routeFiles.includes(t))
        .map((t) => `${file} -> ${t}`),
    );
    expect(crossing).toEqual([]);
  });

  it('implements each area of routes in src/server/<area>/routes.ts', () => {
    expect(routeFiles.filter((f) => !handlers.includes(f) && !f.startsWith('src/sandbox/'))).toEqual([]);
  });

  it('has no handler that reaches the database itself (the driver, drizzle, db/client or db/schema): its SQL is in the queries beside it', () => {
    const driver = /from '(@electric-sql\/pglite[^']*|postgres|pg|drizzle-orm[^']*)'/;
    const database = ['src/server/db/client.ts', 'src/server/db/schema.ts'];
    expect(handlers.length).toBeGreaterThan(10);
    expect(handlers.filter((f) => driver.test(read(f)) || imports.get(f)!.some((t) => database.includes(t)))).toEqual([]);
  });

  it('serves pages without SQL: src/server/pages reads what the areas store through their index.ts, never drizzle or db/schema', () => {
    const pages = files.filter((f) => f.startsWith('src/server/pages/'));
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.filter((f) => /from 'drizzle-orm[^']*'/.test(read(f)) || imports.get(f)!.includes('src/server/db/schema.ts'))).toEqual([]);
  });

  it("has no area that reaches into another's folder: from outside, an area is imported through its index.ts (app.ts mounts its routes.ts)", () => {
    const reaching = files.flatMap((file) =>
      imports
        .get(file)!
        .filter((t) => areaOf(t) !== null && areaOf(t) !== areaOf(file))
        .filter((t) => t !== `src/server/${areaOf(t)}/index.ts` && !(file === 'src/server/app.ts' && handlers.includes(t)))
        .map((t) => `${file} -> ${t}`),
    );
    expect(reaching).toEqual([]);
  });

  it('defines every route once, in the contract of its area (src/api/<area>.ts): no route definition anywhere else', () => {
    expect(files.filter((f) => !/^src\/api\/[a-z-]+\.ts$/.test(f) && /\bcreateRoute\(/.test(read(f)))).toEqual([]);
  });

  it('writes no /api address outside the route definitions: the clients, the server and the scripts derive them', () => {
    const literal = /['"`]\/api(?:[/?'"`]|\$\{)/;
    const written = [...sources('src'), ...sources('scripts')].filter((f) => f !== 'src/api/paths.ts' && literal.test(read(f)));
    expect(written).toEqual([]);
  });

  it('keeps every island in a folder by page area (shared parts in src/islands/ui): no file at the top of src/islands', () => {
    const top = readdirSync(join(root, 'src/islands'), { withFileTypes: true }).filter((entry) => !entry.isDirectory());
    expect(top.map((entry) => entry.name)).toEqual([]);
  });

  it('has no import loop, type-only imports included', () => {
    const loops: string[] = [];
    const done = new Set<string>();
    const visit = (file: string, path: string[]) => {
      for (const next of imports.get(file) ?? []) {
        const at = path.indexOf(next);
        if (at >= 0) loops.push([...path.slice(at), next].map((f) => relative('src', f)).join(' -> '));
        else if (!done.has(next)) visit(next, [...path, next]);
      }
      done.add(file);
    };
    for (const file of files) if (!done.has(file)) visit(file, [file]);
    expect(loops).toEqual([]);
  });
});
