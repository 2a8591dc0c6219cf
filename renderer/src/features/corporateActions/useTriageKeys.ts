/**
 * Keyboard triage of the inbox: j/k move, Enter opens, r marks reviewed, f flags. Keys typed
 * into a field (filters, note) are left alone, as are keys with Ctrl, Alt or Meta.
 */
import { onMounted, onUnmounted } from 'vue';

export interface TriageActions {
  next: () => void;
  previous: () => void;
  open: () => void;
  review: () => void;
  flag: () => void;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The action for a key press, or undefined when the key is not a triage key here. */
export function triageActionOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'target'>,
): keyof TriageActions | undefined {
  if (event.ctrlKey || event.altKey || event.metaKey || isTyping(event.target)) return undefined;
  // Buttons and links answer Enter themselves.
  if (
    event.key === 'Enter' &&
    event.target instanceof HTMLElement &&
    event.target.closest('button, a, summary')
  )
    return undefined;
  return ({ j: 'next', k: 'previous', Enter: 'open', r: 'review', f: 'flag' } as const)[event.key as 'j'];
}

/** Listens for triage keys on the window while the component is mounted. */
export function useTriageKeys(actions: TriageActions): void {
  const onKeydown = (event: KeyboardEvent) => {
    const action = triageActionOf(event);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    actions[action]();
  };
  onMounted(() => window.addEventListener('keydown', onKeydown, true));
  onUnmounted(() => window.removeEventListener('keydown', onKeydown, true));
}
