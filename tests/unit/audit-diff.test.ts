import { describe, expect, it } from 'vitest';
import { auditChanges } from '../../src/domain/audit-diff.ts';

const kase = (title: string, over: Record<string, unknown> = {}) => ({ title, bubbles: [], ...over });
const moduleOf = (title: string, cases: unknown[], active = true) => ({ title, active, cases });
const course = (over: Record<string, unknown> = {}) => ({
  id: 'c1',
  title: 'Laser',
  subtitle: 'TTTS',
  thumbnail: null,
  levels: [moduleOf('Basics', [kase('One'), kase('Two')]), moduleOf('Advanced', [kase('Three')])],
  proficiencyOrder: false,
  outcomes: ['Map the equator'],
  translations: { es: { title: 'Láser' } },
  ...over,
});
const plan = (over: Record<string, unknown> = {}) => ({
  id: 'p1',
  title: 'Complete',
  price: 499,
  duration: 12,
  description: '',
  courses: ['a', 'b'],
  visibility: true,
  translations: {},
  ...over,
});
const noCases = { casesAdded: [], casesRemoved: [], casesChanged: [], casesMoved: false };

describe('auditChanges for plans', () => {
  it('gives a changed price and title their old and new value', () => {
    expect(auditChanges(plan(), plan({ price: 399, title: 'Full' }))).toEqual([
      { kind: 'field', field: 'title', from: 'Complete', to: 'Full' },
      { kind: 'field', field: 'price', from: 499, to: 399 },
    ]);
  });

  it('lists the courses a plan gained and lost instead of both lists', () => {
    expect(auditChanges(plan(), plan({ courses: ['b', 'c'] }))).toEqual([{ kind: 'list', field: 'courses', added: ['c'], removed: ['a'] }]);
    expect(auditChanges(plan(), plan({ courses: ['b', 'a'] }))).toEqual([{ kind: 'order', field: 'courses' }]);
  });

  it('names the languages whose texts changed', () => {
    const after = plan({ translations: { fr: { title: 'Complet' }, ar: { title: 'كامل' } } });
    expect(auditChanges(plan({ translations: { fr: { title: 'Tout' } } }), after)).toEqual([
      { kind: 'translations', field: 'translations', locales: ['ar', 'fr'] },
    ]);
  });

  it('sees no change in languages whose texts were blank and are still blank', () => {
    const blank = { title: '', description: '' };
    expect(auditChanges(plan(), plan({ translations: { es: blank, fr: blank } }))).toEqual([]);
    expect(auditChanges(plan(), plan({ translations: { es: { ...blank, title: 'Completo' } } }))).toEqual([
      { kind: 'translations', field: 'translations', locales: ['es'] },
    ]);
  });

  it('reads a creation without the id and without fields left empty', () => {
    expect(auditChanges(null, plan())).toEqual([
      { kind: 'field', field: 'title', from: undefined, to: 'Complete' },
      { kind: 'field', field: 'price', from: undefined, to: 499 },
      { kind: 'field', field: 'duration', from: undefined, to: 12 },
      { kind: 'list', field: 'courses', added: ['a', 'b'], removed: [] },
      { kind: 'field', field: 'visibility', from: undefined, to: true },
    ]);
  });
});

describe('auditChanges for courses', () => {
  it('finds nothing between equal versions', () => {
    expect(auditChanges(course(), course())).toEqual([]);
  });

  it('reads a module or case of another title at the same place as renamed, and one beyond the old list as added', () => {
    const after = course({ levels: [moduleOf('Basics', [kase('One'), kase('Two')]), moduleOf('Expert', [kase('Four'), kase('Five')])] });
    expect(auditChanges(course(), after)).toEqual([
      {
        kind: 'module',
        change: 'changed',
        title: 'Expert',
        from: 'Advanced',
        ...noCases,
        casesAdded: ['Five'],
        casesChanged: [{ title: 'Four', from: 'Three' }],
      },
    ]);
  });

  it('summarises a module added and one removed by title, with the cases it brings', () => {
    const appended = course({ levels: [...course().levels, moduleOf('Expert', [kase('Four')])] });
    expect(auditChanges(course(), appended)).toEqual([{ kind: 'module', change: 'added', title: 'Expert', ...noCases, casesAdded: ['Four'] }]);
    expect(auditChanges(appended, course())).toEqual([{ kind: 'module', change: 'removed', title: 'Expert', ...noCases }]);
  });

  it('says which cases changed inside a module, renamed or not, and when a module was hidden', () => {
    const after = course({ levels: [moduleOf('Basics', [kase('One', { passMark: 80 }), kase('Second')]), moduleOf('Advanced', [kase('Three')], false)] });
    expect(auditChanges(course(), after)).toEqual([
      { kind: 'module', change: 'changed', title: 'Basics', ...noCases, casesChanged: [{ title: 'One' }, { title: 'Second', from: 'Two' }] },
      { kind: 'module', change: 'changed', title: 'Advanced', active: false, ...noCases },
    ]);
  });

  it('tells modules and cases moved apart from changed', () => {
    const [basics, advanced] = course().levels;
    expect(auditChanges(course(), course({ levels: [advanced, basics] }))).toEqual([{ kind: 'order', field: 'levels' }]);
    const swapped = course({ levels: [moduleOf('Basics', [kase('Two'), kase('One')]), advanced] });
    expect(auditChanges(course(), swapped)).toEqual([{ kind: 'module', change: 'changed', title: 'Basics', ...noCases, casesMoved: true }]);
  });

  it('follows modules and cases by their ids when they have them, renamed and moved at once', () => {
    const before = course({
      levels: [
        { id: 'm1', ...moduleOf('Basics', [{ id: 'c1', ...kase('One') }]) },
        { id: 'm2', ...moduleOf('Advanced', []) },
      ],
    });
    const after = course({
      levels: [
        { id: 'm2', ...moduleOf('Advanced', []) },
        { id: 'm1', ...moduleOf('Foundations', [{ id: 'c1', ...kase('First') }]) },
      ],
    });
    expect(auditChanges(before, after)).toEqual([
      { kind: 'module', change: 'changed', title: 'Foundations', from: 'Basics', ...noCases, casesChanged: [{ title: 'First', from: 'One' }] },
      { kind: 'order', field: 'levels' },
    ]);
  });

  it('never reads one item deleted and another added as a rename when both have ids, even at the same place or of the same title', () => {
    const basics = (...cases: Array<[id: string, title: string]>) =>
      course({
        levels: [
          {
            id: 'm1',
            ...moduleOf(
              'Basics',
              cases.map(([id, title]) => ({ id, ...kase(title) })),
            ),
          },
        ],
      });
    const before = basics(['a', 'One'], ['b', 'Two']);
    expect(auditChanges(before, basics(['a', 'One'], ['d', 'Three']))).toEqual([
      { kind: 'module', change: 'changed', title: 'Basics', ...noCases, casesAdded: ['Three'], casesRemoved: ['Two'] },
    ]);
    expect(auditChanges(before, basics(['a', 'One'], ['e', 'Two']))).toEqual([
      { kind: 'module', change: 'changed', title: 'Basics', ...noCases, casesAdded: ['Two'], casesRemoved: ['Two'] },
    ]);
    const newModule = course({ levels: [{ id: 'm9', ...moduleOf('Basics', []) }] });
    expect(auditChanges(before, newModule)).toEqual([
      { kind: 'module', change: 'added', title: 'Basics', ...noCases },
      { kind: 'module', change: 'removed', title: 'Basics', ...noCases },
    ]);
  });

  it('keeps plain fields, outcomes and translations beside the modules', () => {
    const after = course({ title: 'Laser II', proficiencyOrder: true, outcomes: ['Map the equator', 'Coagulate'], translations: {} });
    expect(auditChanges(course(), after)).toEqual([
      { kind: 'field', field: 'title', from: 'Laser', to: 'Laser II' },
      { kind: 'field', field: 'proficiencyOrder', from: false, to: true },
      { kind: 'list', field: 'outcomes', added: ['Coagulate'], removed: [] },
      { kind: 'translations', field: 'translations', locales: ['es'] },
    ]);
  });
});
