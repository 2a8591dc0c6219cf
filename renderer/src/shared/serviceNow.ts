/**
 * The service's "now" as the shell hands it down to every trading schedule's "now" marker: the
 * clock's time of day on the day the service simulates (features/session/useServiceDayStore).
 * Provided once by the shell, so dumb components can read it without importing a store.
 */
import type { InjectionKey, Ref } from 'vue';

export const serviceNowKey: InjectionKey<Readonly<Ref<Date>>> = Symbol('serviceNow');
