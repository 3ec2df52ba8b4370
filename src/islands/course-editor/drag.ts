import type { DragEvent } from 'react';

/**
 * Drag and drop of modules and cases by their grip: a drop lands only among items of the same group (the modules,
 * or the cases of one module). The buttons beside the grip do the same by keyboard.
 */
let dragging: { group: string; index: number } | null = null;

/** The grip's props: dragging it drags its whole item. */
export function gripProps(group: string, index: number) {
  return {
    draggable: true,
    onDragStart: (e: DragEvent<HTMLElement>) => {
      e.stopPropagation();
      dragging = { group, index };
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', `${group} ${index}`);
      const item = e.currentTarget.closest('li');
      if (item) e.dataTransfer.setDragImage(item, 16, 16);
    },
    onDragEnd: () => {
      dragging = null;
    },
  };
}

/** An item's props as a drop target: an item of its group dropped on it takes its place. */
export function dropProps(group: string, index: number, onMove: (from: number, to: number) => void) {
  const mine = () => dragging !== null && dragging.group === group && dragging.index !== index;
  return {
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!mine()) return;
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = 'move';
      e.currentTarget.classList.add('drop-target');
    },
    onDragLeave: (e: DragEvent<HTMLElement>) => e.currentTarget.classList.remove('drop-target'),
    onDrop: (e: DragEvent<HTMLElement>) => {
      e.currentTarget.classList.remove('drop-target');
      if (!mine()) return;
      e.preventDefault();
      e.stopPropagation();
      onMove(dragging!.index, index);
      dragging = null;
    },
  };
}
