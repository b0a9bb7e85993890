import { createTheme, alpha } from '@mui/material/styles';

/**
 * Calm, professional look: cool greys, one blue for every main action, soft borders rather than heavy
 * shadows. Every text colour here reaches WCAG AA (4.5:1) on white and on the page background.
 */
const primary = '#2d5bd0';
const border = '#e3e7ee';

export const theme = createTheme({
  breakpoints: {
    // `md` is the spec's mobile breakpoint (768 px): dialogs from there up, drawers below.
    values: { xs: 0, sm: 600, md: 768, lg: 1200, xl: 1536 },
  },
  palette: {
    mode: 'light',
    // The main action of every screen (New, New Task, Add Note, Mark billed...) is a contained primary button.
    primary: { main: primary },
    // An accent for small highlights ('AI Powered', a filter count), never a main action.
    secondary: { main: '#7c4dcc' },
    // Red 800: overdue dates stay at AA on tinted rows too (red 700 was 4.2:1 on a selected row).
    error: { main: '#c62828' },
    // Amber 700: text and outlined buttons in it read at 5:1 (amber 600 was 3.2:1); `light` stays the old highlight.
    warning: { main: '#b45309', light: '#e09238', dark: '#92400e' },
    success: { main: '#2e7d32' },
    background: { default: '#f5f7fa', paper: '#ffffff' },
    text: { primary: '#1f2937', secondary: '#5b6472' },
    divider: border,
    // White text on a palette colour only where it reaches AA, else dark text (MUI's default asks 3:1).
    contrastThreshold: 4.5,
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontWeight: 700, letterSpacing: '-0.02em' },
    h3: { fontWeight: 700, letterSpacing: '-0.01em' },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 650 },
    h6: { fontWeight: 650, fontSize: '1.05rem' },
    subtitle1: { fontWeight: 600 },
    subtitle2: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 8 } },
    },
    MuiPaper: {
      styleOverrides: { outlined: { borderColor: border } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderColor: border } },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: { root: { borderBottom: `1px solid ${border}`, backgroundColor: '#ffffff' } },
    },
    MuiChip: {
      styleOverrides: { root: { fontWeight: 600 } },
    },
    MuiTooltip: {
      // Spec §9: tooltip delay 700 ms.
      defaultProps: { enterDelay: 700, enterNextDelay: 300 },
    },
    MuiTextField: {
      defaultProps: { size: 'small' },
    },
    MuiFormHelperText: {
      // A disabled field's helper often says why ('Set a due date first'): it stays readable (AA), not disabled grey.
      styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
    },
    MuiSelect: {
      defaultProps: { size: 'small' },
    },
    MuiDialogTitle: {
      styleOverrides: { root: { fontWeight: 650 } },
    },
    MuiListItemButton: {
      styleOverrides: { root: { '&.Mui-selected': { backgroundColor: alpha(primary, 0.08) } } },
    },
  },
});

/**
 * The theme's values as CSS custom properties on :root (main.tsx), for the plain stylesheets of the parts a
 * screen repeats most (task cards and their badges, src/styles/cards.css): a class there costs nothing per
 * card, where MUI's per-element styles are worked out again for each one (issue 18).
 */
export const themeCssVariables = {
  '--db-primary': theme.palette.primary.main,
  '--db-primary-light': theme.palette.primary.light,
  '--db-primary-dark': theme.palette.primary.dark,
  '--db-secondary': theme.palette.secondary.main,
  '--db-text': theme.palette.text.primary,
  '--db-text-secondary': theme.palette.text.secondary,
  '--db-divider': theme.palette.divider,
  '--db-paper': theme.palette.background.paper,
  '--db-page': theme.palette.background.default,
  '--db-error': theme.palette.error.main,
  '--db-error-light': theme.palette.error.light,
  '--db-success': theme.palette.success.main,
  '--db-success-dark': theme.palette.success.dark,
  '--db-warning': theme.palette.warning.main,
  '--db-warning-dark': theme.palette.warning.dark,
  '--db-hover-border': theme.palette.grey[400],
  '--db-action': theme.palette.action.active,
  '--db-action-hover': theme.palette.action.hover,
  '--db-action-disabled': theme.palette.action.disabled,
  '--db-lifted-shadow': theme.shadows[6],
  '--db-card-radius': `${Number(theme.shape.borderRadius) * 2}px`,
} as const;
