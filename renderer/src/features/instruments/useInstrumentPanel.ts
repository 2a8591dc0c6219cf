/**
 * Everything an instrument details panel shows, for the instrument `key` points at: its
 * details with the trader's field groups, its trading schedule and the exchange's IANA zone.
 * Reads them when the key or the field groups change.
 */
import { computed, watch, type ComputedRef, type Ref } from 'vue';
import type { InstrumentDetails, InstrumentTradeSessions } from '../../../../contract/wire/types';
import type { ToggleableFieldGroup } from './logic/fieldGroups';
import { useInstrumentsStore, type InstrumentKey, type Loadable } from './useInstrumentsStore';
import { useReferenceStore } from '../reference/useReferenceStore';

export interface InstrumentPanel {
  details: ComputedRef<Loadable<InstrumentDetails> | undefined>;
  schedule: ComputedRef<Loadable<InstrumentTradeSessions> | undefined>;
  zoneName: ComputedRef<string | undefined>;
  fieldGroups: ComputedRef<ToggleableFieldGroup[]>;
  setFieldGroups: (groups: ToggleableFieldGroup[]) => void;
}

/** The panel state of the instrument `key` names (nothing while it is undefined). */
export function useInstrumentPanel(key: Ref<InstrumentKey | undefined>): InstrumentPanel {
  const instruments = useInstrumentsStore();
  const reference = useReferenceStore();

  watch(
    [key, () => instruments.fieldGroups],
    () => {
      if (key.value) void instruments.open(key.value);
    },
    { immediate: true },
  );
  // The schedule names its zone by the platform's id; the list gives its IANA name.
  void reference.loadTimeZones();

  const schedule = computed(() => (key.value ? instruments.scheduleOf(key.value) : undefined));
  return {
    details: computed(() => (key.value ? instruments.detailsOf(key.value) : undefined)),
    schedule,
    zoneName: computed(() => reference.zoneNameOf(schedule.value?.value?.TimeZone)),
    fieldGroups: computed(() => instruments.fieldGroups),
    setFieldGroups: (groups) => {
      instruments.fieldGroups = groups;
    },
  };
}
