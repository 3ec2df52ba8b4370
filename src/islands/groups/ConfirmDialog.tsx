import Dialog from '../ui/Dialog.tsx';

interface Props {
  /** What is about to be undone, or null when nothing is asked. */
  question: { title: string; text: string; confirm: string } | null;
  cancel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a removal or a cancellation on a group's page: Cancel first, so Enter or a slip keeps everything. */
export default function ConfirmDialog({ question, cancel, busy, onConfirm, onCancel }: Props) {
  return (
    <Dialog open={question !== null} title={question?.title ?? ''} onClose={onCancel}>
      <p>{question?.text}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {cancel}
        </button>
        <button type="button" className="button button-danger" disabled={busy} onClick={onConfirm}>
          {question?.confirm}
        </button>
      </div>
    </Dialog>
  );
}
