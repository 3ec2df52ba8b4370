import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import { paramsOfCase } from '../../src/domain/simulator/params.ts';
import {
  $editor,
  caseParams,
  deleteCase,
  keepEditing,
  moveCaseTo,
  moveModuleTo,
  publish,
  resetCaseParams,
  setCaseComplication,
  setCaseParam,
  setCaseTask,
} from '../../src/stores/courses/editor.ts';
import { errorKey } from '../../src/stores/error-messages.ts';
import { $courseLines, createCourse } from '../../src/stores/courses/courses.ts';
import { fill } from '../../src/i18n/fill.ts';

describe('the message of a failed course call', () => {
  it.each([
    [0, 'course.error.network'],
    [400, 'course.error.invalid'],
    [401, 'course.error.unauthorized'],
    [403, 'course.error.forbidden'],
    [404, 'course.error.notFound'],
    [500, 'course.error.generic'],
  ])('maps status %i to %s', (status, key) => expect(errorKey('course', new ApiError(status, 'http', 'x'))).toBe(key));
  it('maps anything else to the generic message', () => expect(errorKey('course', new Error('boom'))).toBe('course.error.generic'));
});

describe('fill', () => {
  it('fills named placeholders and leaves unknown ones', () => {
    expect(fill('Delete case {{c}} of module {{n}} {{x}}', { n: 2, c: 3 })).toBe('Delete case 3 of module 2 {{x}}');
  });
});

describe('the editor draft of simulator parameters', () => {
  const draft = {
    title: 'Course',
    subtitle: 's',
    levels: [
      {
        id: 'm1',
        title: 'Module',
        active: true,
        cases: [
          { id: 'a', title: 'A', bubbles: [] },
          { id: 'b', title: 'B', bubbles: ['hint'] },
        ],
      },
      { id: 'm2', title: 'Second', active: true, cases: [{ id: 'c', title: 'C', bubbles: [] }] },
    ],
  };
  const open = () =>
    $editor.set({
      open: true,
      loading: false,
      courseId: 'c',
      draft: structuredClone(draft),
      dirty: false,
      saving: false,
      status: 'published',
      pending: false,
      summary: null,
      checks: null,
      checking: false,
      publishing: false,
      error: null,
      lang: 'en',
      picture: 'idle',
      moved: null,
    });
  const cases = () => $editor.get().draft!.levels.flatMap((l) => l.cases);

  it('shows the module defaults for a case without parameters, by its place in the course', () => {
    open();
    expect(caseParams(cases()[1]!, 0, 1)).toEqual(paramsOfCase(undefined, 1, 2));
    expect(caseParams(cases()[2]!, 1, 0).task).toBe('selective');
  });

  it('stores the whole set when one parameter changes, leaving the other cases alone', () => {
    open();
    setCaseParam(0, 1, 'smallestMm', 0.6);
    expect(cases()[1]).toEqual({ id: 'b', title: 'B', bubbles: ['hint'], sim: { ...paramsOfCase(undefined, 1, 2), smallestMm: 0.6 } });
    expect(cases()[0]).toEqual({ id: 'a', title: 'A', bubbles: [] });
    expect($editor.get().dirty).toBe(true);
    setCaseParam(0, 1, 'task', 'solomon');
    expect(cases()[1]!.sim).toMatchObject({ task: 'solomon', smallestMm: 0.6 });
  });

  it('sets a complication on a laser case and drops it for none, and a case made a navigation drill loses it', () => {
    open();
    setCaseComplication(1, 0, 'moving-donor');
    expect(cases()[2]!.sim).toEqual({ ...paramsOfCase(undefined, 2, 1), complication: 'moving-donor' });
    setCaseTask(1, 0, 'solomon');
    expect(cases()[2]!.sim).toMatchObject({ task: 'solomon', complication: 'moving-donor' });
    setCaseComplication(1, 0, null);
    expect(cases()[2]!.sim).toEqual({ ...paramsOfCase(undefined, 2, 1), task: 'solomon' });
    setCaseComplication(1, 0, 'entry-bleed');
    setCaseTask(1, 0, 'navigation');
    expect(cases()[2]!.sim).toEqual({ ...paramsOfCase(undefined, 2, 1), task: 'navigation' });
  });

  it('goes back to the module defaults by dropping the stored set', () => {
    open();
    setCaseParam(1, 0, 'scopes', 'angled');
    resetCaseParams(1, 0);
    expect(cases()[2]).toEqual({ id: 'c', title: 'C', bubbles: [] });
  });

  it('moves a module or a case, says where it went, and keeps what each case plays', () => {
    open();
    moveModuleTo(1, 0);
    expect($editor.get().draft!.levels.map((l) => l.id)).toEqual(['m2', 'm1']);
    expect($editor.get()).toMatchObject({ dirty: true, moved: { module: 0, case: null } });
    expect(cases()[0]).toEqual({ id: 'c', title: 'C', bubbles: [], sim: paramsOfCase(undefined, 2, 1) });
    moveCaseTo(1, 0, 1);
    expect($editor.get().draft!.levels[1]!.cases.map((c) => c.id)).toEqual(['b', 'a']);
    expect($editor.get().moved).toEqual({ module: 1, case: 1 });
    expect(cases()[2]!.sim).toEqual(paramsOfCase(undefined, 1, 1));
  });

  it('moves nothing past either end, and forgets the last move at the next edit', () => {
    open();
    moveModuleTo(0, -1);
    moveCaseTo(0, 1, 2);
    expect($editor.get()).toMatchObject({ dirty: false, moved: null });
    moveCaseTo(0, 1, 0);
    deleteCase(0, 1);
    expect($editor.get().moved).toBeNull();
    expect(cases().map((c) => c.id)).toEqual(['b', 'c']);
  });

  it('lists the checks before publishing a saved draft that lacks texts, asks the server nothing, and goes back to editing', async () => {
    const fetching = vi.spyOn(globalThis, 'fetch');
    open();
    $editor.set({ ...$editor.get(), pending: true, checks: { missing: [], placeholders: [{ text: 'subtitle', value: 'new course' }] } });
    await publish();
    expect($editor.get()).toMatchObject({ checking: true, publishing: false });
    expect(fetching).not.toHaveBeenCalled();
    keepEditing();
    expect($editor.get().checking).toBe(false);
    fetching.mockRestore();
  });
});

describe('adding a course', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the new draft in the administrator’s list as soon as it is made, whatever happens next', async () => {
    const line = { id: 'new-course', title: 'New course', status: 'draft', pending: true };
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
      const body = method === 'POST' && url.endsWith('/api/courses') ? 'new-course' : url.endsWith('/api/course-drafts') ? [line] : null;
      return new Response(JSON.stringify(body), { status: method === 'POST' ? 201 : 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    expect(await createCourse()).toBe('new-course');
    expect($courseLines.get()).toEqual({ status: 'loaded', lines: [line] });
  });
});
