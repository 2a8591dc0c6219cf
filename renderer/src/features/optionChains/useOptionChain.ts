/**
 * The workflow of one option root's chain, between the store and the chain's components: the
 * root and its expiry tabs, the active expiry with further ones stacked below it, each shown
 * expiry's rows inside a strike window around one centre (so stacked strikes line up), and the
 * contracts read one expiry at a time as they come into view.
 */
import { computed, watch, type Ref } from 'vue';
import { onOwnerArrival } from '../session/useOwnedState';
import { chainRows, strikesOf, type ChainRow } from './logic/chainRows';
import { expiryTabs } from './logic/expiryTabs';
import { strikeWindow, type StrikeWindow } from './logic/strikeWindow';
import { useOptionChainsStore } from './useOptionChainsStore';

/** One expiry on screen, with the rows of its strike window. */
export interface ShownExpiry {
  expiry: string;
  label: string;
  loading: boolean;
  error: string | undefined;
  rows: ChainRow[];
  window: StrikeWindow;
}

/** The chain of the root `optionRootId` names (nothing is read while it is not a valid id). */
export function useOptionChain(optionRootId: Ref<number>) {
  const chains = useOptionChainsStore();

  function openRoot(): void {
    const id = optionRootId.value;
    if (!Number.isInteger(id) || id <= 0) return;
    chains.settingsOf(id);
    void chains.openRoot(id);
  }
  // Runs first (immediate, defined before the computeds read them) so the root's settings exist.
  watch(optionRootId, openRoot, { immediate: true });
  // A user who signs in after another (or after signing out) gets the chain read for them.
  onOwnerArrival(openRoot);

  const space = computed(() => chains.spaces.get(optionRootId.value));
  const root = computed(() => space.value?.value);
  const settings = computed(() => chains.settingsOf(optionRootId.value));
  const tabs = computed(() => expiryTabs(root.value?.OptionSpace ?? []));
  const shownExpiries = computed(() => {
    const active = settings.value.activeExpiry;
    if (!active) return [];
    const order = tabs.value.map((tab) => tab.expiry);
    const stacked = settings.value.stackedExpiries.filter((expiry) => expiry !== active && order.includes(expiry));
    return [active, ...stacked.sort((a, b) => order.indexOf(a) - order.indexOf(b))];
  });

  const sections = computed<ShownExpiry[]>(() => {
    let centre: number | null = settings.value.referencePrice;
    return shownExpiries.value.map((expiry) => {
      const contracts = chains.contractsOf(optionRootId.value, expiry);
      const allRows = chainRows(contracts?.value ?? []);
      // Stacked expiries centre where the active one does, so the strikes line up.
      const window = strikeWindow(strikesOf(allRows), chains.halfWidth, centre);
      centre ??= window.centre ?? null;
      const inWindow = new Set(window.strikes);
      return {
        expiry,
        label: tabs.value.find((tab) => tab.expiry === expiry)?.description ?? expiry,
        loading: contracts?.loading ?? true,
        error: contracts?.error,
        rows: allRows.filter((row) => inWindow.has(row.strike)),
        window,
      };
    });
  });
  const activeWindow = computed(() => sections.value[0]?.window);
  const strikeDecimals = computed(() => root.value?.Format?.StrikeDecimals ?? 0);

  watch(
    shownExpiries,
    (expiries) => {
      for (const expiry of expiries) void chains.loadExpiry(optionRootId.value, expiry);
    },
    { immediate: true },
  );

  /** Brings an expiry to the front (out of the stack, if it was stacked). */
  function selectExpiry(expiry: string): void {
    settings.value.activeExpiry = expiry;
    settings.value.stackedExpiries = settings.value.stackedExpiries.filter((stacked) => stacked !== expiry);
  }

  /** The previous (-1) or next (+1) expiry comes to the front, if there is one. */
  function moveExpiry(step: -1 | 1): void {
    const index = tabs.value.findIndex((tab) => tab.expiry === settings.value.activeExpiry);
    const next = tabs.value[index + step];
    if (next) selectExpiry(next.expiry);
  }

  /** The first expiry after the shown ones that is not shown yet. */
  const nextToStack = computed(() => {
    const shown = new Set(shownExpiries.value);
    const lastShown = Math.max(...tabs.value.map((tab, index) => (shown.has(tab.expiry) ? index : -1)));
    return tabs.value.slice(lastShown + 1).find((tab) => !shown.has(tab.expiry))?.expiry;
  });

  function stack(expiry: string | undefined): void {
    if (expiry && expiry !== settings.value.activeExpiry && !settings.value.stackedExpiries.includes(expiry)) {
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

  return {
    space,
    root,
    settings,
    tabs,
    shownExpiries,
    sections,
    activeWindow,
    strikeDecimals,
    nextToStack,
    selectExpiry,
    moveExpiry,
    stack,
    toggleStack,
    clearStack,
  };
}
