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
/** The areas: every folder of src/server that is not a shared room. */
const areas = readdirSync(join(root, 'src/server'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !ROOMS.includes(entry.name))
  .map((entry) => entry.name)
  .sort();
/** Areas that serve no route, so have no contract in src/api, and why. */
const NO_CONTRACT: Record<string, string> = { mail: 'sends the invitations a group area writes; it answers no request' };
/** The stores at the top of src/stores: what every area's stores and pages share (the session, the page's language, ...). */
const SHARED_STORES = [
  'auth-actions.ts',
  'error-messages.ts',
  'firebase.ts',
  'last-asked.ts',
  'loadable.ts',
  'page-language.ts',
  'save-file.ts',
  'session.ts',
  'stored-session.ts',
];

/** The modules a file imports for their values (`import type` left out), as written: packages by name, files resolved. */
const valueImports = (file: string) =>
  [...read(file).matchAll(/^(?:import|export)(?!\s+type\b)[^;]*? from '([^']+)'/gms)].map((m) =>
    m[1]!.startsWith('.') ? normalize(join(dirname(file), m[1]!)) : m[1]!,
  );

/** The folders the README's table of areas names in its first column: `src/server/x` or `src/server/{x,y}`. */
function foldersInReadme(readme: string): string[] {
  const section = /^## Areas\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
  const cells = section.split('\n').flatMap((line) => (/^\| `([^`]+)` \|/.exec(line) ? [/^\| `([^`]+)` \|/.exec(line)![1]!] : []));
  return cells.flatMap((cell) => {
    const braces = /^src\/server\/\{([a-z,-]+)\}$/.exec(cell);
    if (braces) return braces[1]!.split(',');
    const one = /^src\/server\/([a-z-]+)$/.exec(cell);
    return one ? [one[1]!] : [];
  });
}

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

  it('has areas to check, each with its contract in src/api/<area>.ts unless it serves no route (NO_CONTRACT says why)', () => {
    expect(areas.length).toBeGreaterThan(15);
    const contracts = new Set(readdirSync(join(root, 'src/api')).map((f) => f.replace(/\.ts$/, '')));
    expect(areas.filter((area) => !contracts.has(area) && !(area in NO_CONTRACT))).toEqual([]);
    expect(Object.keys(NO_CONTRACT).filter((area) => !areas.includes(area) || contracts.has(area))).toEqual([]);
  });

  it("names every area and room of src/server in the README's table of areas", () => {
    const named = foldersInReadme(read('README.md'));
    expect([...areas, ...ROOMS].filter((folder) => !named.includes(folder))).toEqual([]);
  });

  it('keeps SQL in queries files: only src/server/db and files named queries.ts (or <x>-queries.ts) import drizzle or db/schema for their values', () => {
    const sql = (target: string) => target.startsWith('drizzle-orm') || target === 'src/server/db/schema.ts';
    const server = files.filter((f) => f.startsWith('src/server/') && !f.startsWith('src/server/db/'));
    expect(server.filter((f) => valueImports(f).some(sql)).length).toBeGreaterThan(15);
    expect(server.filter((f) => !/(^|\/|-)queries\.ts$/.test(f) && valueImports(f).some(sql))).toEqual([]);
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

  it('keeps every store in a folder named by a server area (src/stores/<area>/), but for those every page shares', () => {
    const entries = readdirSync(join(root, 'src/stores'), { withFileTypes: true });
    const top = entries.filter((entry) => !entry.isDirectory()).map((entry) => entry.name);
    expect(top.filter((name) => !SHARED_STORES.includes(name))).toEqual([]);
    expect(SHARED_STORES.filter((name) => !top.includes(name))).toEqual([]);
    expect(entries.filter((entry) => entry.isDirectory() && !areas.includes(entry.name)).map((entry) => entry.name)).toEqual([]);
  });

  it('keeps every API test in a folder named by a server area (tests/api/<area>/), or in tests/api/cross when it spans areas', () => {
    const entries = readdirSync(join(root, 'tests/api'), { withFileTypes: true });
    expect(entries.filter((entry) => !entry.isDirectory() && entry.name.endsWith('.test.ts')).map((entry) => entry.name)).toEqual([]);
    const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(15);
    expect(folders.filter((folder) => folder !== 'cross' && !areas.includes(folder))).toEqual([]);
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
