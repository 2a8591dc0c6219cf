/**
 * The service's day: the one "today" of the instruments workspaces (days to expiry, to the last
 * trade, to notice and to the roll in chains, ladders and roll calendars; the "now" of trading
 * schedules). For the embedded simulator it is the day the simulator simulates when one is set
 * (Settings, `simulator.asOf`, as main's simulator status names it), at the clock's time of day
 * and running on across midnight as the simulator's own clock does (the clock shifted by whole
 * days), so a trader can preview a roll date; for a simulator that follows the clock, and for a
 * remote profile, it is the clock's. The simulator counts its own days from the same day, so the
 * service's counts and these agree.
 */
import { defineStore } from 'pinia';
import { DateTime } from 'luxon';
import { computed, ref, watch } from 'vue';
import { call } from '../../shared/desk';
import { useSettingsStore } from '../settings/useSettingsStore';
import { useSessionStore } from './useSessionStore';

const DAY_MS = 86_400_000;
const CLOCK_MS = 30_000;

/** Whole days from the clock's UTC day at `clockMs` to `day` (`yyyy-mm-dd`); 0 without a readable day. */
export function dayShift(clockMs: number, day: string | undefined): number {
  const midnight = day ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  return Number.isNaN(midnight) ? 0 : Math.round((midnight - Math.floor(clockMs / DAY_MS) * DAY_MS) / DAY_MS);
}

export const useServiceDayStore = defineStore('serviceDay', () => {
  const session = useSessionStore();
  const settings = useSettingsStore();
  // The clock, read every half minute: the schedules' "now" marker moves and the day turns at midnight.
  const clockMs = ref(Date.now());
  globalThis.setInterval(() => (clockMs.value = Date.now()), CLOCK_MS);
  /** Whole days the embedded simulator's day lies from the clock's, when it simulates one. */
  const shift = ref<number>();
  /** False while the embedded simulator's day is being asked for (counts fall back to the service's own). */
  const known = ref(false);
  const profile = computed(() => session.session?.profile);

  /** Keeps the day main named (the simulator's day now) as a shift from the clock's day. */
  function take(day: string | undefined): void {
    clockMs.value = Date.now();
    shift.value = day ? dayShift(clockMs.value, day) : undefined;
  }

  let reads = 0;
  /** Asks main which day the embedded simulator simulates (nothing to ask for a remote profile). */
  async function load(): Promise<void> {
    const read = ++reads;
    if (!profile.value) {
      known.value = false;
      return;
    }
    if (profile.value.kind !== 'embedded') {
      take(undefined);
      known.value = true;
      return;
    }
    known.value = false;
    try {
      const status = await call('settings:simulatorStatus');
      if (read === reads) take(status.simulatedDay);
    } catch {
      // Main could not say: the clock's day, as for a simulator that follows it.
      if (read === reads) take(undefined);
    } finally {
      if (read === reads) known.value = true;
    }
  }
  watch(
    () => `${profile.value?.kind}:${profile.value?.id}:${session.ownerKey}`,
    () => void load(),
    { immediate: true },
  );
  // A reset in Settings may set another day: the status it answered names it.
  watch(
    () => settings.simulator,
    (status) => {
      if (status && profile.value?.kind === 'embedded') {
        take(status.simulatedDay);
        known.value = true;
      }
    },
  );

  /** The service's moment now. */
  const now = computed(() => new Date(clockMs.value + (shift.value ?? 0) * DAY_MS));
  /** `yyyy-mm-dd` of the service's day: a string, so what depends on the day recomputes once a day, not each tick. */
  const todayIso = computed(() => (known.value ? now.value.toISOString().slice(0, 10) : undefined));
  /** The service's calendar day (UTC midnight), once known; undefined while the embedded simulator's day is asked for. */
  const today = computed(() =>
    todayIso.value ? DateTime.fromISO(`${todayIso.value}T00:00:00Z`, { zone: 'utc' }) : undefined,
  );

  /** The simulated day (`yyyy-mm-dd`) when the embedded simulator simulates one. */
  const simulatedDay = computed(() => (shift.value === undefined ? undefined : todayIso.value));

  return { simulatedDay, known, now, todayIso, today, load };
});
