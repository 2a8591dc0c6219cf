/**
 * Moving between a chain's expiries: the active one (kept among the tabs shown when the kinds
 * change), PageUp/PageDown to the previous or next, and the expiries stacked below it.
 */
import { computed, watch, type ComputedRef } from 'vue';
import type { ExpiryKind } from './logic/expiryFlags';
import type { ExpiryTab } from './logic/expiryTabs';
import type { ChainSettings } from './useOptionChainsStore';

export function useExpiryNavigation(
  settings: ComputedRef<ChainSettings>,
  tabs: ComputedRef<ExpiryTab[]>,
  shownExpiries: ComputedRef<string[]>,
) {
  // The active expiry stays among the visible tabs when the kinds shown change.
  watch(tabs, (visible) => {
    if (visible.length > 0 && !visible.some((tab) => tab.expiry === settings.value.activeExpiry)) {
      selectExpiry((visible[0] as { expiry: string }).expiry);
    }
  });

  /** Brings an expiry to the front (out of the stack, if it was stacked). */
  function selectExpiry(expiry: string): void {
    settings.value.activeExpiry = expiry;
    settings.value.stackedExpiries = settings.value.stackedExpiries.filter((stacked) => stacked !== expiry);
  }

  /** The previous (-1) or next (+1) visible expiry comes to the front, if there is one. */
  function moveExpiry(step: -1 | 1): void {
    const index = tabs.value.findIndex((tab) => tab.expiry === settings.value.activeExpiry);
    const next = tabs.value[index + step];
    if (next) selectExpiry(next.expiry);
  }

  /** The first visible expiry after the shown ones that is not shown yet. */
  const nextToStack = computed(() => {
    const shown = new Set(shownExpiries.value);
    const lastShown = Math.max(...tabs.value.map((tab, index) => (shown.has(tab.expiry) ? index : -1)));
    return tabs.value.slice(lastShown + 1).find((tab) => !shown.has(tab.expiry))?.expiry;
  });

  function stack(expiry: string | undefined): void {
    if (
      expiry &&
      expiry !== settings.value.activeExpiry &&
      !settings.value.stackedExpiries.includes(expiry)
    ) {
      settings.value.stackedExpiries = [...settings.value.stackedExpiries, expiry];
    }
  }

  /** Adds an expiry to the stack below the active one, or takes it away. */
  function toggleStack(expiry: string): void {
    if (settings.value.stackedExpiries.includes(expiry)) {
      settings.value.stackedExpiries = settings.value.stackedExpiries.filter((stacked) => stacked !== expiry);
    } else stack(expiry);
  }

  function clearStack(): void {
    settings.value.stackedExpiries = [];
  }

  /** Shows only the expiries of these kinds (every kind when empty). */
  function setKinds(kinds: ExpiryKind[]): void {
    settings.value.kinds = kinds;
  }

  return { nextToStack, selectExpiry, moveExpiry, stack, toggleStack, clearStack, setKinds };
}
