/**
 * naive-ui's dark theme for the components RefDesk uses. Its `darkTheme` carries the dark styles
 * of every naive-ui component (data tables, date pickers, menus, trees…), 60 kB of the page's
 * first script to evaluate on every start; this one names only those the app uses, each with the
 * peers its styles need (a select's menu, a modal's card). A component added to the app must be
 * added here (test/unit/naiveDarkTheme.test.ts says which are missing).
 */
import {
  buttonDark,
  checkboxDark,
  commonDark,
  createTheme,
  inputDark,
  inputNumberDark,
  modalDark,
  selectDark,
  type GlobalTheme,
} from 'naive-ui';

export const naiveDarkTheme: GlobalTheme = {
  ...createTheme('dark', [buttonDark, checkboxDark, inputDark, inputNumberDark, modalDark, selectDark]),
  common: commonDark,
};
