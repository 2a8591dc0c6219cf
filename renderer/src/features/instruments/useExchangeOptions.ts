/**
 * The exchange filter's choices: every exchange of the service by name and MIC (read once, from
 * the reference lists) and the name its prices go by, plus any exchange a result names that the
 * list lacks. Where the list
 * cannot be read, the exchanges of the results shown are still offered.
 */
import { computed, inject, type ComputedRef } from 'vue';
import { routerKey } from 'vue-router';
import type { SummaryInfo } from '../../../../contract/wire/types';
import { afterFirstScreen } from '../../shell/firstScreen';
import { useReferenceStore } from '../reference/useReferenceStore';
import { onOwnerArrival } from '../session/useOwnedState';

/** One choice of the exchange filter. */
export interface ExchangeOption {
  /** `Nasdaq (XNAS)`. */
  label: string;
  /** The ExchangeId the search takes. */
  value: string;
  /** Other names typing finds it by: the name its prices go by (`NYSE` for XNYS). */
  alsoKnownAs?: string;
}

/** The choices, given the results on screen. */
export function useExchangeOptions(results: () => readonly SummaryInfo[]): ComputedRef<ExchangeOption[]> {
  const reference = useReferenceStore();
  // The list (125 kB, a quarter of a second of main's on a new day) only fills the filter's
  // choices: it waits for the first screen, whose reads (the kept place's search above all) go
  // first. Until it comes, the exchanges of the results shown are offered.
  const router = inject(routerKey, null);
  void (router ? afterFirstScreen(router) : Promise.resolve()).then(() => reference.loadExchanges());
  onOwnerArrival(() => void reference.loadExchanges());
  return computed(() => {
    const options = new Map<string, ExchangeOption>();
    for (const exchange of reference.exchanges) {
      const mic = exchange.IsoMic ?? exchange.ExchangeId;
      options.set(exchange.ExchangeId, {
        label: `${exchange.Name} (${mic})`,
        value: exchange.ExchangeId,
        ...(exchange.PriceSourceName ? { alsoKnownAs: exchange.PriceSourceName } : {}),
      });
    }
    for (const result of results()) {
      if (result.ExchangeId && !options.has(result.ExchangeId)) {
        options.set(result.ExchangeId, { label: result.ExchangeName ? `${result.ExchangeName} (${result.ExchangeId})` : result.ExchangeId, value: result.ExchangeId });
      }
    }
    return [...options.values()].sort((a, b) => a.label.localeCompare(b.label));
  });
}
