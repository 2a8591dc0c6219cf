/**
 * Runs `onChange` when another user signs in or another profile becomes active: what a view
 * read for the previous one (review state, applications) is not theirs.
 */
import { watch } from 'vue';
import { useSessionStore } from './useSessionStore';

/** Calls `onChange` after a switch of signed-in user or profile (not on sign-out). */
export function useReviewerChange(onChange: () => void): void {
  const session = useSessionStore();
  watch(
    () => (session.session?.signedIn ? `${session.session.profile.id}|${session.session.user?.userId}` : ''),
    (who, before) => {
      if (who !== before && who !== '') onChange();
    },
  );
}
