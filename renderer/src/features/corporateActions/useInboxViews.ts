/**
 * Saved inbox views as a back-office user expects them: saving under a name that exists asks
 * first, a deleted view can be brought back (until the next delete), and the view chosen last
 * is remembered by main per profile and user, so it is shown again after a restart.
 */
import { storeToRefs } from 'pinia';
import { computed, ref } from 'vue';
import type { SavedInboxView } from '../../../../contract/corporateActions';
import { call, isCancelled } from '../../shared/desk';
import { useOwnedState } from '../session/useOwnedState';
import { useReviewStore } from './useReviewStore';
import { useCorporateActionsStore } from './useCorporateActionsStore';

/** The outcome of asking to save a view: saved, or a question to answer first. */
export type SaveViewOutcome = 'saved' | 'failed' | 'exists';

export function useInboxViews() {
  const events = useCorporateActionsStore();
  const review = useReviewStore();
  const { views } = storeToRefs(review);
  const activeView = ref('');
  /** The view deleted last, which "Undo" saves again. */
  const deleted = ref<SavedInboxView>();
  /** A name the user saved under that exists: replaced only once they confirm. */
  const replacing = ref<string>();
  const owned = useOwnedState(() => {
    activeView.value = '';
    deleted.value = undefined;
    replacing.value = undefined;
  });

  /** Tells main which view is shown, so a restart shows it again; a failure only loses that. */
  function remember(name: string): void {
    void call(
      'corporateActions:chooseView',
      { name: name === '' ? null : name },
      { signal: owned.signal },
    ).catch(() => undefined);
  }

  async function applyView(name: string): Promise<void> {
    activeView.value = name;
    remember(name);
    const view = views.value.find((candidate) => candidate.name === name);
    if (view) await events.applyView(view.definition);
  }

  /** Leaves the saved view (the filters or sort were changed by hand). */
  function leaveView(): void {
    if (activeView.value === '') return;
    activeView.value = '';
    remember('');
  }

  /** Saves the current view as `name`; an existing name is replaced only when `replace` says so. */
  async function saveView(name: string, replace = false): Promise<SaveViewOutcome> {
    const trimmed = name.trim();
    replacing.value = undefined;
    if (trimmed === '') return 'failed';
    if (!replace && views.value.some((view) => view.name === trimmed)) {
      replacing.value = trimmed;
      return 'exists';
    }
    if (!(await review.saveView(trimmed, events.viewDefinition))) return 'failed';
    activeView.value = trimmed;
    remember(trimmed);
    return 'saved';
  }

  async function deleteView(name: string): Promise<void> {
    const view = views.value.find((candidate) => candidate.name === name);
    await review.deleteView(name);
    if (views.value.some((candidate) => candidate.name === name)) return;
    deleted.value = view;
    if (activeView.value === name) leaveView();
  }

  /** Saves the deleted view again, as it was, and shows it. */
  async function undoDelete(): Promise<void> {
    const view = deleted.value;
    if (!view) return;
    if (await review.saveView(view.name, view.definition)) {
      deleted.value = undefined;
      await applyView(view.name);
    }
  }

  /** Shows the view main remembers for this user, once the saved views are read. */
  async function restoreActiveView(): Promise<boolean> {
    try {
      const { name } = await call('corporateActions:activeView', undefined, { signal: owned.signal });
      if (name && views.value.some((view) => view.name === name)) {
        await applyView(name);
        return true;
      }
    } catch (caught) {
      if (!isCancelled(caught)) return false;
    }
    return false;
  }

  return {
    activeView,
    replacing,
    deletedName: computed(() => deleted.value?.name),
    applyView,
    leaveView,
    saveView,
    deleteView,
    undoDelete,
    restoreActiveView,
  };
}
