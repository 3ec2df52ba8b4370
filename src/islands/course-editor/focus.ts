/**
 * Once the editor has drawn a change (a move, a delete), focus goes to the first of these elements, by id, that is
 * there and enabled: a keyboard user stays where they were working instead of being dropped at the top of the page.
 */
export function focusFirst(ids: readonly string[]): void {
  requestAnimationFrame(() => {
    for (const id of ids) {
      const element = document.getElementById(id) as HTMLButtonElement | null;
      if (element && !element.disabled) {
        element.focus();
        return;
      }
    }
  });
}

/** The delete button of the item that took the deleted one's place (or came before it), else `fallback`. */
export function focusAfterDelete(remaining: readonly { id: string }[], index: number, fallback: string): void {
  const neighbour = remaining[index] ?? remaining[index - 1];
  focusFirst(neighbour ? [deleteButtonId(neighbour.id)] : [fallback]);
}

export const deleteButtonId = (itemId: string) => `delete-${itemId}`;
export const addCaseButtonId = (moduleId: string) => `add-case-${moduleId}`;
export const ADD_MODULE_BUTTON_ID = 'add-module';
