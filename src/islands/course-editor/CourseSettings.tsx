import type { StoredCourseInput } from '../../api/courses.ts';
import { type EditorState, setAssessmentRequired, setDuration, setProficiencyOrder } from '../../stores/courses/editor.ts';
import Field from '../ui/Field.tsx';
import PictureField from './PictureField.tsx';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  draft: StoredCourseInput;
  picture: EditorState['picture'];
  strings: Sections<'course'>;
}

/** The course's settings in the editor: its length, its picture, whether its cases are played in order, whether it is assessed. */
export default function CourseSettings({ draft, picture, strings }: Props) {
  return (
    <>
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
      <PictureField thumbnail={draft.thumbnail} status={picture} strings={strings} />
      <label className="active-toggle proficiency-toggle">
        <input type="checkbox" checked={draft.proficiencyOrder === true} onChange={(e) => setProficiencyOrder(e.target.checked)} />
        {strings['course.proficiency']}
      </label>
      <label className="active-toggle proficiency-toggle">
        <input type="checkbox" checked={draft.assessmentRequired === true} onChange={(e) => setAssessmentRequired(e.target.checked)} />
        {strings['course.assessmentRequired']}
      </label>
    </>
  );
}
