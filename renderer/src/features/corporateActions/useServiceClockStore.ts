/**
 * The service's now, which deadlines are read against. A remote service lives in the real
 * present; the embedded simulator can be set to simulate another day (Settings → the day to
 * simulate), and its events then stand as they would on that day: the desk's clock moves by
 * the same whole days, keeping the time of day, so a simulated Saturday reads as a Saturday.
 */
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { call } from '../../shared/desk';
import { useSessionStore } from '../session/useSessionStore';
import { dayNumber } from './logic/marketCalendar';

const DAY_MS = 86_400_000;
/** How often the clock moves on: countdowns change with the hour at the earliest. */
const TICK_MS = 30_000;

export const useServiceClockStore = defineStore('serviceClock', () => {
  const session = useSessionStore();
  const realNow = ref(Date.now());
  /** The simulated day (`yyyy-mm-dd`) when the embedded simulator simulates one and is in use. */
  const simulatedDay = ref<string>();
  /** Whole days between the real today (UTC) and the simulated day. */
  const offsetDays = computed(() =>
    simulatedDay.value === undefined
      ? 0
      : dayNumber(simulatedDay.value) - Math.floor(realNow.value / DAY_MS),
  );
  /** Milliseconds since the epoch: the service's now. */
  const now = computed(() => realNow.value + offsetDays.value * DAY_MS);

  /** Asks main which day the embedded simulator simulates, when it is the service in use. */
  async function load(): Promise<void> {
    if (session.session?.profile.kind !== 'embedded') {
      simulatedDay.value = undefined;
      return;
    }
    try {
      const status = await call('settings:simulatorStatus');
      simulatedDay.value = status.configured.asOf;
    } catch {
      // The real day then: nothing better is known, and Settings shows the simulator's trouble.
      simulatedDay.value = undefined;
    }
  }
  // Another profile (or a simulator reset, which signs out) may mean another day.
  watch(
    () => session.ownerKey,
    () => void load(),
  );

  let timer: ReturnType<typeof setInterval> | undefined;
  /** Moves the clock on while someone uses it (`load` reads the simulated day). */
  function start(): void {
    if (timer !== undefined) return;
    timer = setInterval(() => (realNow.value = Date.now()), TICK_MS);
  }

  return { now, simulatedDay, load, start };
});
