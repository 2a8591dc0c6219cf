/**
 * Settings forms show what main keeps, and follow it while the user has not changed them: values
 * that arrive late (the page's first read answering after the user started typing, a restart's
 * status) never replace what the user typed, and a save is never of values they did not choose.
 */
import { watch } from 'vue';

/**
 * Copies `source()` into `form` whenever it changes, unless the user changed one of its fields
 * since the last copy (or, before the first, from the form's initial values). Call in a
 * component's setup: the watch ends with the component.
 */
export function followWhileUntouched<T extends object>(form: T, source: () => Partial<T> | undefined): void {
  let copied: Partial<T> = { ...form };
  watch(
    source,
    (next) => {
      if (!next) return;
      const untouched = (Object.keys(next) as (keyof T)[]).every((key) => form[key] === copied[key]);
      copied = { ...next };
      if (untouched) Object.assign(form, next);
    },
    { immediate: true },
  );
}
