import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { deleteAccount, type DeleteOutcome } from '../../stores/users/profile.ts';

/**
 * Deleting the account from its dialog's form (with the password, when the account signs in with one): whether it is
 * under way, why it failed, and once deleted the link home, which takes the focus.
 */
export function useDeleteAccount(passwordSignIn: boolean) {
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<Exclude<DeleteOutcome, 'deleted'> | null>(null);
  const [deleted, setDeleted] = useState(false);
  const home = useRef<HTMLAnchorElement>(null);
  useEffect(() => home.current?.focus(), [deleted]);

  async function confirmDelete(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = passwordSignIn ? String(new FormData(event.currentTarget).get('delete-password') ?? '') : null;
    setDeleting(true);
    setFailure(null);
    const outcome = await deleteAccount(password);
    if (outcome === 'deleted') setDeleted(true);
    else {
      setFailure(outcome);
      setDeleting(false);
    }
  }

  return { deleting, failure, deleted, home, confirmDelete };
}
