/**
 * Server state of the reference lists.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { CountryDetails } from '../../../main/core/api/types';
import { fetchCountries } from '../api/reference';

export const useReferenceStore = defineStore('reference', () => {
  const countries = ref<CountryDetails[]>([]);
  const loadingCountries = ref(false);
  const countriesError = ref<string>();

  /** Loads the countries once (or again with `refresh`); failures are kept as a message to show. */
  async function loadCountries(refresh = false): Promise<void> {
    if (loadingCountries.value || (countries.value.length > 0 && !refresh)) return;
    loadingCountries.value = true;
    countriesError.value = undefined;
    try {
      countries.value = await fetchCountries(refresh);
    } catch (error) {
      countriesError.value = error instanceof Error ? error.message : String(error);
    } finally {
      loadingCountries.value = false;
    }
  }

  return { countries, loadingCountries, countriesError, loadCountries };
});
