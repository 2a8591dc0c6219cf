/**
 * The application directory for admins: one page of applications at a time (with the total
 * count), a filter over the page, and the application open in the detail pane. Secret values
 * are never kept here (useAppSecrets holds a revealed one only while it is shown). What the
 * directory showed belongs to the signed-in user: another user starts from nothing.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ApplicationView, ListedApplicationView } from '../../../../contract/apps';
import { call, isCancelled, messageOf, supersedingCalls } from '../../shared/desk';
import { useDetailLoader } from '../../shared/useDetailLoader';
import { useOwnedState } from '../session/useOwnedState';


export const useAppsStore = defineStore('apps', () => {
  const pageSize = ref(20);
  const skip = ref(0);
  const rows = ref<ListedApplicationView[]>([]);
  const total = ref<number>();
  const loading = ref(false);
  const error = ref<string>();
  const filter = ref('');
  const listCalls = supersedingCalls();
  const owned = useOwnedState(() => {
    listCalls.cancel();
    opened.close();
    skip.value = 0;
    rows.value = [];
    total.value = undefined;
    loading.value = false;
    error.value = undefined;
    filter.value = '';
  });
  const opened = useDetailLoader<string, ApplicationView>((appKey, signal) =>
    call('apps:get', { AppKey: appKey }, { signal: owned.signalWith(signal) }),
  );

  const pageNumber = computed(() => Math.floor(skip.value / pageSize.value) + 1);
  const pageCount = computed(() =>
    total.value === undefined ? undefined : Math.max(1, Math.ceil(total.value / pageSize.value)),
  );
  const hasNext = computed(() =>
    total.value === undefined
      ? rows.value.length === pageSize.value
      : skip.value + pageSize.value < total.value,
  );

  /** Reads the page at `nextSkip` (a newer read cancels an older one). */
  async function loadPage(nextSkip = skip.value): Promise<void> {
    const controller = listCalls.start();
    loading.value = true;
    error.value = undefined;
    try {
      const feed = await call(
        'apps:list',
        { $top: pageSize.value, $skip: nextSkip },
        { signal: owned.signalWith(controller.signal) },
      );
      rows.value = feed.Data;
      total.value = feed.__count;
      skip.value = nextSkip;
    } catch (caught) {
      if (!isCancelled(caught)) error.value = messageOf(caught);
    } finally {
      if (listCalls.isCurrent(controller)) loading.value = false;
    }
  }

  const nextPage = () => loadPage(skip.value + pageSize.value);
  const previousPage = () => loadPage(Math.max(0, skip.value - pageSize.value));

  /** Changes the page size and starts from the first page. */
  async function setPageSize(size: number): Promise<void> {
    pageSize.value = size;
    await loadPage(0);
  }

  /** Opens an application in the detail pane. */
  const openApp = (appKey: string) => opened.open(appKey);
  const closeApp = () => opened.close();

  return {
    pageSize,
    skip,
    rows,
    total,
    loading,
    error,
    filter,
    openAppKey: opened.openKey,
    detail: opened.detail,
    detailLoading: opened.loading,
    detailError: opened.error,
    pageNumber,
    pageCount,
    hasNext,
    loadPage,
    nextPage,
    previousPage,
    setPageSize,
    openApp,
    closeApp,
  };
});
