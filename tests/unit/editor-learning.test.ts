import { describe, expect, it } from 'vitest';
import { $editor, setPassMark, setProficiencyOrder } from '../../src/stores/courses/editor.ts';

describe('the editor draft of pass marks and proficiency order', () => {
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
          { id: 'b', title: 'B', bubbles: [] },
        ],
      },
    ],
  };
  const open = () =>
    $editor.set({
      open: true,
      loading: false,
      courseId: 'c',
      draft,
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

  it('sets a whole pass mark from 1 to 100 on one case, and drops it for the default', () => {
    open();
    setPassMark(0, 1, 84.6);
    expect($editor.get().draft!.levels[0]!.cases).toEqual([
      { id: 'a', title: 'A', bubbles: [] },
      { id: 'b', title: 'B', bubbles: [], passMark: 85 },
    ]);
    expect($editor.get().dirty).toBe(true);
    setPassMark(0, 1, 250);
    expect($editor.get().draft!.levels[0]!.cases[1]!.passMark).toBe(100);
    setPassMark(0, 1, 0);
    expect($editor.get().draft!.levels[0]!.cases[1]!.passMark).toBe(1);
    setPassMark(0, 1, null);
    expect($editor.get().draft!.levels[0]!.cases[1]).toEqual({ id: 'b', title: 'B', bubbles: [] });
  });

  it('switches the course to proficiency order and back', () => {
    open();
    setProficiencyOrder(true);
    expect($editor.get().draft!.proficiencyOrder).toBe(true);
    setProficiencyOrder(false);
    expect($editor.get().draft!.proficiencyOrder).toBe(false);
  });
});
