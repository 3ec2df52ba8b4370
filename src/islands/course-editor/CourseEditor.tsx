import { useState } from 'react';
import { missingCourseLocales, type ContentLocale, type TitleText, type Translations } from '../../domain/localize.ts';

import {
  $editor,
  addCase,
  addModule,
  deleteCase,
  deleteModule,
  discard,
  save,
  setCaseTitle,
  setModuleActive,
  setModuleTitle,
  setPassMark,
  removePicture,
  setDuration,
  setLang,
  setOutcomes,
  setProficiencyOrder,
  setSubtitle,
  setTitle,
  uploadPicture,
} from '../../stores/editor.ts';
import LocalePicker, { localeNames } from '../ui/LocalePicker.tsx';
import CaseSimFields from './CaseSimFields.tsx';
import CoursePicture from '../courses/CoursePicture.tsx';
import TrashIcon from '../ui/TrashIcon.tsx';
import Field from '../ui/Field.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

interface Props {
  locale: string;
  strings: Sections<'course' | 'common'>;
}

function Arrow() {
  return (
    <svg className="arrow" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="m6 9 6 6 6-6" />
    </svg>
  );
}

/** The admin's edit mode: every change stays in the $editor draft until Save sends the whole course. */
export default function CourseEditor({ locale, strings }: Props) {
  const state = useIslandStore($editor);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  // Simulator parameters take room: each case's open only on demand, keyed by position like the rest of the draft.
  const [simOpen, setSimOpen] = useState<ReadonlySet<string>>(new Set());
  const draft = state.draft;

  if (state.loading) {
    return (
      <div className="editor course-list-status" role="status">
        <span className="spinner" aria-hidden="true" />
        {strings['course.editing']}
      </div>
    );
  }
  if (!draft) {
    return (
      <div className="editor">
        {state.error && <FormError>{strings[state.error]}</FormError>}
        <p>
          <button type="button" className="button button-ghost" onClick={discard}>
            {strings['course.discard']}
          </button>
        </p>
      </div>
    );
  }

  const toggle = (i: number) => {
    const next = new Set(collapsed);
    if (!next.delete(i)) next.add(i);
    setCollapsed(next);
  };
  const toggleSim = (key: string) => {
    const next = new Set(simOpen);
    if (!next.delete(key)) next.add(key);
    setSimOpen(next);
  };

  const lang = state.lang;
  // Texts in the editor's language; a translation not written yet shows empty, with the English as its placeholder.
  const own = lang === 'en' ? null : draft.translations?.[lang];
  const textIn = (english: string, translated: string | undefined) => (lang === 'en' ? english : (translated ?? ''));
  const titleIn = (translations: Translations<TitleText> | undefined) => (lang === 'en' ? undefined : translations?.[lang]?.title);
  const hint = (english: string) => (lang === 'en' ? undefined : english);
  const outcomes = lang === 'en' ? (draft.outcomes ?? []) : (own?.outcomes ?? []);
  const missing = missingCourseLocales({ ...draft, outcomes: (draft.outcomes ?? []).filter((o) => o.trim()), translations: draft.translations ?? {} });
  const dir = 'auto';

  return (
    <form className="editor" onSubmit={(e) => (e.preventDefault(), void save())} noValidate>
      <h1>{strings['course.editing']}</h1>
      <LocalePicker
        id="course-lang"
        value={lang}
        onChange={(l: ContentLocale) => setLang(l)}
        missing={missing}
        label={strings['course.language']}
        missingMark={strings['common.missingMark']}
        summary={missing.length ? fill(strings['course.missing'], { locales: localeNames(missing) }) : strings['common.allTranslated']}
      />
      <Field
        name="course-title"
        label={strings['course.title']}
        lang={lang}
        dir={dir}
        value={textIn(draft.title, own?.title)}
        placeholder={hint(draft.title)}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
      />
      <Field
        name="course-subtitle"
        label={strings['course.subtitle']}
        lang={lang}
        dir={dir}
        value={textIn(draft.subtitle, own?.subtitle)}
        placeholder={hint(draft.subtitle)}
        maxLength={500}
        onChange={(e) => setSubtitle(e.target.value)}
      />
      <div className="field">
        <label htmlFor="course-outcomes">{strings['course.outcomes']}</label>
        <textarea
          id="course-outcomes"
          lang={lang}
          dir={dir}
          rows={4}
          value={outcomes.join('\n')}
          placeholder={lang === 'en' ? undefined : (draft.outcomes ?? []).join('\n')}
          onChange={(e) => setOutcomes(e.target.value)}
        />
      </div>
      <Field
        name="course-length"
        label={strings['course.lengthMinutes']}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={draft.durationMinutes ?? ''}
        onChange={(e) => setDuration(e.target.value === '' ? null : Math.max(1, Math.round(Number(e.target.value))))}
      />
      <div className="editor-picture">
        <CoursePicture src={draft.thumbnail} width={320} height={200} loading="eager" />
        <div className="field">
          <label htmlFor="course-picture">{strings['course.pictureUpload']}</label>
          <input
            id="course-picture"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/avif,image/gif"
            disabled={state.picture === 'uploading'}
            aria-describedby={state.picture === 'error' ? 'course-picture-error' : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void uploadPicture(file);
            }}
          />
          {state.picture === 'uploading' && (
            <p role="status" className="muted">
              {strings['course.pictureUploading']}
            </p>
          )}
          {state.picture === 'error' && (
            <p className="field-error" id="course-picture-error" role="alert">
              {strings['course.pictureError']}
            </p>
          )}
          {draft.thumbnail && (
            <button type="button" className="button button-ghost" onClick={removePicture}>
              {strings['course.pictureRemove']}
            </button>
          )}
        </div>
      </div>
      <label className="active-toggle proficiency-toggle">
        <input type="checkbox" checked={draft.proficiencyOrder === true} onChange={(e) => setProficiencyOrder(e.target.checked)} />
        {strings['course.proficiency']}
      </label>
      <p className="muted">{strings['course.passMarkHint']}</p>
      {draft.levels.length === 0 && <p>{strings['course.noModules']}</p>}
      <ol className="modules">
        {draft.levels.map((level, i) => {
          const n = i + 1;
          const open = !collapsed.has(i);
          const casesId = `module-${n}-cases`;
          return (
            <li key={i} className={`module${level.active ? '' : ' inactive'}`}>
              <div className="module-head module-head-wrap">
                <span className="module-index" aria-hidden="true">
                  {n}
                </span>
                <input
                  type="text"
                  aria-label={fill(strings['course.moduleTitle'], { n })}
                  lang={lang}
                  dir={dir}
                  value={textIn(level.title, titleIn(level.translations))}
                  placeholder={hint(level.title)}
                  maxLength={200}
                  onChange={(e) => setModuleTitle(i, e.target.value)}
                />
                <label className="active-toggle">
                  <input type="checkbox" checked={level.active} onChange={(e) => setModuleActive(i, e.target.checked)} />
                  {strings['course.active']}
                  <span className="visually-hidden">{fill(strings['common.module'], { n })}</span>
                </label>
                {!level.active && <span className="module-badge">{strings['course.inactive']}</span>}
                <button type="button" className="icon-button" aria-label={fill(strings['course.deleteModule'], { n })} onClick={() => deleteModule(i)}>
                  <TrashIcon />
                </button>
                <button
                  type="button"
                  className="toggle"
                  aria-expanded={open}
                  aria-controls={casesId}
                  aria-label={fill(strings['course.cases'], { n })}
                  onClick={() => toggle(i)}
                >
                  <Arrow />
                </button>
              </div>
              <div id={casesId} hidden={!open}>
                <ol className="cases">
                  {level.cases.map((c, j) => {
                    const simKey = `${i}-${j}`;
                    const simId = `sim-${n}-${j + 1}`;
                    const simShown = simOpen.has(simKey);
                    return (
                      <li key={j} className="case case-edit">
                        <span className="case-index" aria-hidden="true">
                          {j + 1}
                        </span>
                        <input
                          type="text"
                          aria-label={fill(strings['course.caseTitle'], { n, c: j + 1 })}
                          lang={lang}
                          dir={dir}
                          value={textIn(c.title, titleIn(c.translations))}
                          placeholder={hint(c.title)}
                          maxLength={200}
                          onChange={(e) => setCaseTitle(i, j, e.target.value)}
                        />
                        <label className="pass-mark">
                          {strings['course.passMark']}
                          <input
                            type="number"
                            inputMode="numeric"
                            min={1}
                            max={100}
                            step={1}
                            aria-label={fill(strings['course.passMarkOf'], { n, c: j + 1 })}
                            value={c.passMark ?? ''}
                            onChange={(e) => setPassMark(i, j, e.target.value === '' || Number.isNaN(e.target.valueAsNumber) ? null : e.target.valueAsNumber)}
                          />
                        </label>
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={fill(strings['course.deleteCase'], { n, c: j + 1 })}
                          onClick={() => deleteCase(i, j)}
                        >
                          <TrashIcon />
                        </button>
                        <button
                          type="button"
                          className="button button-small button-ghost case-sim-toggle"
                          aria-expanded={simShown}
                          aria-controls={simId}
                          aria-label={fill(strings['course.sim.legend'], { n, c: j + 1 })}
                          onClick={() => toggleSim(simKey)}
                        >
                          {strings['course.sim.toggle']}
                          <Arrow />
                        </button>
                        <CaseSimFields level={i} index={j} item={c} locale={locale} id={simId} hidden={!simShown} strings={strings} />
                      </li>
                    );
                  })}
                </ol>
                <p className="add-case">
                  <button type="button" className="button button-small button-ghost" onClick={() => addCase(i)}>
                    + {strings['course.addCase']}
                  </button>
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      <p>
        <button type="button" className="button button-ghost" onClick={addModule}>
          + {strings['course.addModule']}
        </button>
      </p>
      <div className="editor-bar">
        <p className="unsaved" role="status">
          {state.dirty ? strings['course.unsaved'] : ''}
        </p>
        {state.error && <FormError>{strings[state.error]}</FormError>}
        <button type="button" className="button button-ghost" onClick={discard} disabled={state.saving}>
          {strings['course.discard']}
        </button>
        <button type="submit" className="button" disabled={state.saving}>
          {state.saving ? strings['course.saving'] : strings['course.save']}
        </button>
      </div>
    </form>
  );
}
