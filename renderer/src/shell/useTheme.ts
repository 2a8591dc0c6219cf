/**
 * The colour theme of the whole app: dark by default, light on request, remembered across
 * launches. One module-level state so the shell, the grids and the Settings switch agree.
 * It sets `html[data-theme]` (read by styles.css) and `html[data-ag-theme-mode]` (read by
 * AG Grid's variable colour scheme).
 */
import { computed, readonly, ref, watchEffect, type ComputedRef, type Ref } from 'vue';

export type ThemeName = 'dark' | 'light';

const STORAGE_KEY = 'refdesk.theme';

function storedTheme(): ThemeName {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    // Storage can be unavailable (privacy settings); the default theme is then fine.
    return 'dark';
  }
}

const theme = ref<ThemeName>(storedTheme());
let applied = false;

function applyTheme(): void {
  if (applied) return;
  applied = true;
  watchEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme.value;
    root.dataset.agThemeMode = theme.value;
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, theme.value);
    } catch {
      // Not remembered across launches, still applied now.
    }
  });
}

export interface ThemeControls {
  theme: Readonly<Ref<ThemeName>>;
  isDark: ComputedRef<boolean>;
  setTheme: (name: ThemeName) => void;
  toggleTheme: () => void;
}

/** The app's theme and the functions that change it (for the Settings workspace, shortcuts). */
export function useTheme(): ThemeControls {
  applyTheme();
  return {
    theme: readonly(theme),
    isDark: computed(() => theme.value === 'dark'),
    setTheme: (name) => {
      theme.value = name;
    },
    toggleTheme: () => {
      theme.value = theme.value === 'dark' ? 'light' : 'dark';
    },
  };
}
