/**
 * Everything an instrument details panel shows, for the instrument `key` points at: its
 * details with the trader's field groups, its trading schedule and the exchange's IANA zone.
 * Reads them when the key or the field groups change, and again for a user who signs in after
 * the previous one signed out (their reads were forgotten).
 */
import { computed, watch, type ComputedRef, type Ref } from 'vue';
import type { InstrumentDetails, InstrumentTradeSessions } from '../../../../contract/wire/types';
import type { ToggleableFieldGroup } from './logic/fieldGroups';
import type { Loadable } from '../../shared/loadable';
import { useReferenceStore } from '../reference/useReferenceStore';
import { onOwnerArrival } from '../session/useOwnedState';
import { useInstrumentsStore, type InstrumentKey } from './useInstrumentsStore';

export interface InstrumentPanel {
  details: ComputedRef<Loadable<InstrumentDetails> | undefined>;
  schedule: ComputedRef<Loadable<InstrumentTradeSessions> | undefined>;
  zoneName: ComputedRef<string | undefined>;
  /** The ISIN a search found the instrument by, if any. */
  isin: ComputedRef<string | undefined>;
  fieldGroups: ComputedRef<ToggleableFieldGroup[]>;
  setFieldGroups: (groups: ToggleableFieldGroup[]) => void;
}

/** The panel state of the instrument `key` names (nothing while it is undefined). */
export function useInstrumentPanel(key: Ref<InstrumentKey | undefined>): InstrumentPanel {
  const instruments = useInstrumentsStore();
  const reference = useReferenceStore();

  function read(): void {
    if (!key.value) return;
    void instruments.open(key.value);
    // The schedule names its zone by the platform's id; the list gives its IANA name.
    void reference.loadTimeZones();
  }
  watch([key, () => instruments.fieldGroups], read, { immediate: true });
  onOwnerArrival(read);

  const schedule = computed(() => (key.value ? instruments.scheduleOf(key.value) : undefined));
  return {
    details: computed(() => (key.value ? instruments.detailsOf(key.value) : undefined)),
    schedule,
    zoneName: computed(() => reference.zoneNameOf(schedule.value?.value?.TimeZone)),
    isin: computed(() => (key.value ? instruments.isinOf(key.value) : undefined)),
    fieldGroups: computed(() => instruments.fieldGroups),
    setFieldGroups: (groups) => {
      instruments.fieldGroups = groups;
    },
  };
}
