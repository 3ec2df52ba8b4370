import { gripProps } from './drag.ts';
import { focusFirst } from './focus.ts';

interface Props {
  /** The item's stable id: its buttons keep their ids (and focus) wherever it moves. */
  id: string;
  index: number;
  count: number;
  /** The drag-and-drop group of the item (see drag.ts). */
  group: string;
  labels: { up: string; down: string };
  onMove: (to: number) => void;
}

/** A module's or case's grip (drag it) and its Move up / Move down buttons (the same by keyboard). */
export default function MoveControls({ id, index, count, group, labels, onMove }: Props) {
  const move = (to: number, pressed: 'up' | 'down') => {
    onMove(to);
    // Drawn at its new place, the item keeps the focus on the button pressed, or the other one at an end.
    focusFirst([`move-${id}-${pressed}`, `move-${id}-${pressed === 'up' ? 'down' : 'up'}`]);
  };
  return (
    <span className="move-controls">
      <span className="move-grip" aria-hidden="true" title={`${labels.up} / ${labels.down}`} {...gripProps(group, index)}>
        ⠿
      </span>
      <button
        id={`move-${id}-up`}
        type="button"
        className="icon-button move-button"
        aria-label={labels.up}
        disabled={index === 0}
        onClick={() => move(index - 1, 'up')}
      >
        ↑
      </button>
      <button
        id={`move-${id}-down`}
        type="button"
        className="icon-button move-button"
        aria-label={labels.down}
        disabled={index === count - 1}
        onClick={() => move(index + 1, 'down')}
      >
        ↓
      </button>
    </span>
  );
}
