import type { EditorState } from '../../stores/courses/editor.ts';
import { removePicture, uploadPicture } from '../../stores/courses/editor.ts';
import CoursePicture from '../courses/CoursePicture.tsx';
import type { Sections } from '../../i18n/index.ts';
import FieldError from '../ui/FieldError.tsx';

interface Props {
  thumbnail: string | null | undefined;
  status: EditorState['picture'];
  strings: Sections<'course'>;
}

/** The course's picture in the editor: the one shown now, an upload (the server resizes it) and removing it. */
export default function PictureField({ thumbnail, status, strings }: Props) {
  return (
    <div className="editor-picture">
      <CoursePicture src={thumbnail} width={320} height={200} loading="eager" />
      <div className="field">
        <label htmlFor="course-picture">{strings['course.pictureUpload']}</label>
        <input
          id="course-picture"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/avif,image/gif"
          disabled={status === 'uploading'}
          aria-describedby={status === 'error' ? 'course-picture-error' : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void uploadPicture(file);
          }}
        />
        {status === 'uploading' && (
          <p role="status" className="muted">
            {strings['course.pictureUploading']}
          </p>
        )}
        {status === 'error' && <FieldError id="course-picture-error">{strings['course.pictureError']}</FieldError>}
        {thumbnail && (
          <button type="button" className="button button-ghost" onClick={removePicture}>
            {strings['course.pictureRemove']}
          </button>
        )}
      </div>
    </div>
  );
}
