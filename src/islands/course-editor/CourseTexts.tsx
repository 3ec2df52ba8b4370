import { use } from 'react';
import type { StoredCourseInput } from '../../api/courses.ts';
import { setOutcomes, setSubtitle, setTitle } from '../../stores/courses/editor.ts';
import LanguageText from '../ui/LanguageText.tsx';
import { EditingLanguage } from '../ui/LanguageTexts.tsx';
import { textIn } from './texts.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  draft: StoredCourseInput;
  strings: Sections<'course'>;
}

/** The course's own texts (title, subtitle, what it teaches) in the language being edited. */
export default function CourseTexts({ draft, strings }: Props) {
  const lang = use(EditingLanguage);
  const own = lang === 'en' ? null : draft.translations?.[lang];
  const outcomes = lang === 'en' ? (draft.outcomes ?? []) : (own?.outcomes ?? []);
  return (
    <>
      <LanguageText
        id="field-course-title"
        name="course-title"
        label={strings['course.title']}
        value={textIn(lang, draft.title, own?.title)}
        english={draft.title}
        maxLength={200}
        onChange={setTitle}
      />
      <LanguageText
        id="field-course-subtitle"
        name="course-subtitle"
        label={strings['course.subtitle']}
        value={textIn(lang, draft.subtitle, own?.subtitle)}
        english={draft.subtitle}
        maxLength={500}
        onChange={setSubtitle}
      />
      <LanguageText
        id="course-outcomes"
        label={strings['course.outcomes']}
        rows={4}
        value={outcomes.join('\n')}
        english={(draft.outcomes ?? []).join('\n')}
        onChange={setOutcomes}
      />
    </>
  );
}
