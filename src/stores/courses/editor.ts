import { atom } from 'nanostores';
import { answer, auth, client, enc } from '../../api/client.ts';
import type { StoredCourseInput } from '../../api/courses.ts';
import type { CourseDraft, PublishChecks, PublishSummary } from '../../api/course-drafts.ts';
import { newItemId } from '../../domain/course-items.ts';
import { allClear } from '../../domain/publishing.ts';
import type { CaseItem, Module } from '../../api/courses.ts';
import { newCase, newModule, type CourseStatus } from '../../domain/defaults.ts';
import type { ContentLocale, TitleText, Translations, TranslatedLocale } from '../../domain/localize.ts';
import type { Complication } from '../../domain/simulator/complications.ts';
import { paramsOfCase, type CaseParams } from '../../domain/simulator/params.ts';
import { isBrowserTask, type CaseTask } from '../../domain/simulators.ts';
import { errorKey, type ErrorKey } from '../error-messages.ts';
import { idToken } from '../session.ts';
import { moveCase, moveModule, removeCase, removeModule } from '../../domain/reorder.ts';

/** The admin's local copy of a course: nothing reaches the server until save(), which keeps it as a draft until publish(). */
export interface EditorState {
  open: boolean;
  loading: boolean;
  courseId: string | null;
  draft: StoredCourseInput | null;
  dirty: boolean;
  saving: boolean;
  /** The course's status on the server, whether a saved draft waits, and what publishing it changes for learners. */
  status: CourseStatus | null;
  pending: boolean;
  summary: PublishSummary | null;
  /** What the saved version lacks (texts in a language, placeholders replaced), which Publish lists before it goes ahead. */
  checks: PublishChecks | null;
  /** Publish was asked for and waits on its list of checks: "Publish anyway" or "Keep editing". */
  checking: boolean;
  publishing: boolean;
  error: ErrorKey<'course'> | null;
  /** The language the texts are being written in; English is the course's own, the others its translations. */
  lang: ContentLocale;
  picture: 'idle' | 'uploading' | 'error';
  /** Where the last module or case moved (0-based), for the editor to say so to screen readers. */
  moved: { module: number; case: number | null } | null;
}

const CLOSED: EditorState = {
  open: false,
  loading: false,
  courseId: null,
  draft: null,
  dirty: false,
  saving: false,
  status: null,
  pending: false,
  summary: null,
  checks: null,
  checking: false,
  publishing: false,
  error: null,
  lang: 'en',
  picture: 'idle',
  moved: null,
};
export const $editor = atom<EditorState>(CLOSED);

let guarded = false;

/** Asks before the page is left while the draft has unsaved edits. */
function guardUnload(): void {
  if (guarded || typeof window === 'undefined') return;
  guarded = true;
  window.addEventListener('beforeunload', (e) => {
    if (!$editor.get().dirty) return;
    e.preventDefault();
    e.returnValue = '';
  });
}

/** The server's version of the course (its draft, else the published course, in English) taken into the editor. */
function adopt(found: CourseDraft): Partial<EditorState> {
  const { id: _id, ...course } = found.course;
  return { draft: course, status: found.status, pending: found.pending, summary: found.summary, checks: found.checks, dirty: false };
}

/** Opens edit mode with the course's draft, or the published course when there is none. */
export async function openEditor(courseId: string): Promise<void> {
  guardUnload();
  $editor.set({ ...CLOSED, open: true, loading: true, courseId });
  try {
    const found = await answer(client.courses[':id'].draft.$get({ param: { id: enc(courseId) } }, auth(await idToken())));
    $editor.set({ ...$editor.get(), loading: false, ...adopt(found) });
  } catch (err) {
    $editor.set({ ...$editor.get(), loading: false, error: errorKey('course', err) });
  }
}

/** Leaves edit mode and drops the draft. */
export function discard(): void {
  $editor.set(CLOSED);
}

function edit(change: (draft: StoredCourseInput) => StoredCourseInput): void {
  const state = $editor.get();
  if (!state.draft) return;
  $editor.set({ ...state, draft: change(state.draft), dirty: true, error: null, moved: null });
}

function editModule(i: number, change: (module: Module) => Module | null): void {
  edit((d) => ({ ...d, levels: d.levels.flatMap((m, k) => (k === i ? (change(m) ?? []) : [m])) }));
}

export const setLang = (lang: ContentLocale) => $editor.set({ ...$editor.get(), lang });

/** A module's or case's title written in the editor's language. */
function titled<T extends { title: string; translations?: Translations<TitleText> }>(item: T, title: string): T {
  const lang = $editor.get().lang;
  if (lang === 'en') return { ...item, title };
  return { ...item, translations: { ...item.translations, [lang]: { title } } };
}

/** One of the course's own texts written in the editor's language. */
function courseText<K extends 'title' | 'subtitle' | 'outcomes'>(key: K, value: StoredCourseInput[K] & {}): void {
  const lang = $editor.get().lang;
  if (lang === 'en') return edit((d) => ({ ...d, [key]: value }));
  edit((d) => ({ ...d, translations: { ...d.translations, [lang as TranslatedLocale]: { ...d.translations?.[lang], [key]: value } } }));
}

export const setTitle = (title: string) => courseText('title', title);
export const setSubtitle = (subtitle: string) => courseText('subtitle', subtitle);
/** One outcome a line; blank lines are dropped when saving. */
export const setOutcomes = (text: string) => courseText('outcomes', text.split('\n'));
export const setDuration = (minutes: number | null) => edit((d) => ({ ...d, durationMinutes: minutes }));
export const addModule = () => edit((d) => ({ ...d, levels: [...d.levels, newModule(newItemId(), newItemId())] }));
export const setModuleTitle = (i: number, title: string) => editModule(i, (l) => titled(l, title));
export const setModuleActive = (i: number, active: boolean) => editModule(i, (l) => ({ ...l, active }));
export const deleteModule = (i: number) => edit((d) => ({ ...d, levels: removeModule(d.levels, i) }));
export const addCase = (i: number) => editModule(i, (l) => ({ ...l, cases: [...l.cases, newCase(newItemId())] }));
export const setCaseTitle = (i: number, j: number, title: string) =>
  editModule(i, (l) => ({ ...l, cases: l.cases.map((c, k) => (k === j ? titled(c, title) : c)) }));
export const deleteCase = (i: number, j: number) => edit((d) => ({ ...d, levels: removeCase(d.levels, i, j) }));

/** Module `from` moved to `to` (0-based), by a button, a key or a drop; a place outside the course changes nothing. */
export function moveModuleTo(from: number, to: number): void {
  const levels = $editor.get().draft?.levels ?? [];
  if (to < 0 || to >= levels.length || to === from) return;
  edit((d) => ({ ...d, levels: moveModule(d.levels, from, to) }));
  $editor.set({ ...$editor.get(), moved: { module: to, case: null } });
}

/** In module `moduleIndex`, case `from` moved to `to` (0-based). */
export function moveCaseTo(moduleIndex: number, from: number, to: number): void {
  const cases = $editor.get().draft?.levels[moduleIndex]?.cases ?? [];
  if (to < 0 || to >= cases.length || to === from) return;
  edit((d) => ({ ...d, levels: moveCase(d.levels, moduleIndex, from, to) }));
  $editor.set({ ...$editor.get(), moved: { module: moduleIndex, case: to } });
}

/** The simulator parameters a case runs with: its own, or its module's defaults for its place in the course. */
export const caseParams = (c: CaseItem, i: number, j: number): CaseParams => c.sim ?? paramsOfCase(undefined, i + 1, j + 1);

/** Changing one parameter stores the whole set for the case, starting from what it showed (its defaults if it had none). */
export function setCaseParam<K extends keyof CaseParams>(i: number, j: number, key: K, value: CaseParams[K]): void {
  editModule(i, (l) => ({ ...l, cases: l.cases.map((c, k) => (k === j ? { ...c, sim: { ...caseParams(c, i, j), [key]: value } } : c)) }));
}

/** The case's complication (complications.ts); null: none. */
export function setCaseComplication(i: number, j: number, complication: Complication | null): void {
  const withComplication = (c: CaseItem): CaseItem => {
    const { complication: _old, ...sim } = caseParams(c, i, j);
    return { ...c, sim: complication ? { ...sim, complication } : sim };
  };
  editModule(i, (l) => ({ ...l, cases: l.cases.map((c, k) => (k === j ? withComplication(c) : c)) }));
}

/** The case's task: a laser task keeps (or starts) its parameters, but a navigation drill no complication; a desktop procedure has none. */
export function setCaseTask(i: number, j: number, task: CaseTask): void {
  const laser = (sim: CaseParams, to: CaseParams['task']): CaseParams => {
    const { complication, ...rest } = sim;
    return to === 'navigation' || !complication ? { ...rest, task: to } : { ...rest, task: to, complication };
  };
  const withTask = ({ sim: _sim, task: _task, ...rest }: CaseItem): CaseItem =>
    isBrowserTask(task) ? { ...rest, sim: laser(_sim ?? paramsOfCase(undefined, i + 1, j + 1), task) } : { ...rest, task };
  editModule(i, (l) => ({ ...l, cases: l.cases.map((c, k) => (k === j ? withTask(c) : c)) }));
}

/** Drops the case's own task and parameters, so it follows its module's defaults again. */
export function resetCaseParams(i: number, j: number): void {
  const withoutParams = ({ sim: _sim, task: _task, ...rest }: CaseItem): CaseItem => rest;
  editModule(i, (l) => ({ ...l, cases: l.cases.map((c, k) => (k === j ? withoutParams(c) : c)) }));
}

/** Proficiency-based order for the whole course. */
export const setProficiencyOrder = (proficiencyOrder: boolean) => edit((d) => ({ ...d, proficiencyOrder }));

/** Whether the course's cases pass only when played in an assessment window. */
export const setAssessmentRequired = (assessmentRequired: boolean) => edit((d) => ({ ...d, assessmentRequired }));

/** A case's pass mark, a whole number from 1 to 100; null drops it, so the experts' median or 70 applies. */
export function setPassMark(i: number, j: number, mark: number | null): void {
  const withMark = ({ passMark: _old, ...rest }: CaseItem): CaseItem =>
    mark === null ? rest : { ...rest, passMark: Math.min(100, Math.max(1, Math.round(mark))) };
  editModule(i, (l) => ({ ...l, cases: l.cases.map((c, k) => (k === j ? withMark(c) : c)) }));
}

/** Saves the whole course as its draft (learners still see the published version); a failure keeps the edits and says why. */
export async function save(): Promise<boolean> {
  const state = $editor.get();
  if (!state.draft || !state.courseId || state.saving) return false;
  $editor.set({ ...state, saving: true, error: null });
  try {
    const { title, subtitle, thumbnail, levels, proficiencyOrder, assessmentRequired, durationMinutes, translations } = state.draft;
    const lines = (list: string[] | undefined) => list?.map((o) => o.trim()).filter((o) => o !== '');
    const outcomes = lines(state.draft.outcomes);
    const cleaned = Object.fromEntries(Object.entries(translations ?? {}).map(([l, t]) => [l, t.outcomes ? { ...t, outcomes: lines(t.outcomes) } : t]));
    const rest = { durationMinutes, translations: cleaned, ...(outcomes ? { outcomes } : {}) };
    const body = { title, subtitle, thumbnail, levels, proficiencyOrder, assessmentRequired, ...rest };
    const found = await answer(client.courses[':id'].draft.$put({ param: { id: enc(state.courseId) }, json: body }, auth(await idToken())));
    $editor.set({ ...$editor.get(), saving: false, dirty: false, pending: found.pending, summary: found.summary, checks: found.checks, status: found.status });
    return true;
  } catch (err) {
    $editor.set({ ...$editor.get(), saving: false, error: errorKey('course', err) });
    return false;
  }
}

/**
 * Saves what is unsaved, then publishes; when the saved version lacks texts in a language or keeps a placeholder, the
 * list of them is shown first and Publish waits for publishAnyway() (or keepEditing()).
 */
export async function publish(): Promise<void> {
  const state = $editor.get();
  if (!state.courseId || state.publishing || state.saving) return;
  if (state.dirty && !(await save())) return;
  const { checks } = $editor.get();
  if (checks && !allClear(checks)) return $editor.set({ ...$editor.get(), checking: true });
  await publishAnyway();
}

/** Back to the editor from the list of checks, nothing published. */
export const keepEditing = () => $editor.set({ ...$editor.get(), checking: false });

/** Makes the saved draft what learners see, whatever its checks list, and opens the course page, which now shows it. */
export async function publishAnyway(): Promise<void> {
  const state = $editor.get();
  if (!state.courseId || state.publishing || state.saving) return;
  $editor.set({ ...state, publishing: true, error: null });
  try {
    await answer(client.courses[':id'].publish.$post({ param: { id: enc(state.courseId) } }, auth(await idToken())));
    $editor.set({ ...$editor.get(), publishing: false, checking: false, pending: false, dirty: false });
    // The course page itself (a preview's address without its query): what learners now see.
    window.location.assign(window.location.pathname);
  } catch (err) {
    $editor.set({ ...$editor.get(), publishing: false, error: errorKey('course', err) });
  }
}

/** Drops the saved draft: the editor returns to the published version. */
export async function discardDraft(): Promise<void> {
  const state = $editor.get();
  if (!state.courseId || state.saving) return;
  $editor.set({ ...state, saving: true, error: null });
  try {
    const found = await answer(client.courses[':id'].draft.$delete({ param: { id: enc(state.courseId) } }, auth(await idToken())));
    $editor.set({ ...$editor.get(), saving: false, ...adopt(found) });
  } catch (err) {
    $editor.set({ ...$editor.get(), saving: false, error: errorKey('course', err) });
  }
}

/** Deletes a course never published (no learner ever saw it), then opens the course list at `coursesHref`. */
export async function deleteNeverPublished(coursesHref: string): Promise<void> {
  const state = $editor.get();
  if (!state.courseId || state.status !== 'draft' || state.saving) return;
  $editor.set({ ...state, saving: true, error: null });
  try {
    await answer(client.courses[':id'].$delete({ param: { id: enc(state.courseId) }, query: { status: 'draft' } }, auth(await idToken())));
    $editor.set({ ...$editor.get(), saving: false, dirty: false });
    window.location.assign(coursesHref);
  } catch (err) {
    $editor.set({ ...$editor.get(), saving: false, error: errorKey('course', err) });
  }
}

/** Uploads a picture for the course; the server resizes and stores it, and the draft points at it until saved. */
export async function uploadPicture(file: File): Promise<void> {
  $editor.set({ ...$editor.get(), picture: 'uploading' });
  try {
    // The picture's bytes as they are (its type as content type); the server decodes, resizes and stores it.
    const headers = { ...auth(await idToken()).headers, 'content-type': file.type || 'application/octet-stream' };
    const image = await answer(client.images.$post(undefined, { headers, init: { body: file } }));
    edit((d) => ({ ...d, thumbnail: image.url }));
    $editor.set({ ...$editor.get(), picture: 'idle' });
  } catch {
    $editor.set({ ...$editor.get(), picture: 'error' });
  }
}

export const removePicture = () => edit((d) => ({ ...d, thumbnail: null }));
