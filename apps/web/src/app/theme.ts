import {
  type CardProps,
  type ComboboxProps,
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type ModalProps,
} from '@mantine/core';
import { STATUS_PALETTE } from '@samaj/core';
import { NAV_Z_INDEX } from './shell/layout';

// Noto Sans Gujarati carries both scripts (Gujarati and Latin subsets are self-hosted), so one
// family keeps mixed Gujarati/English text on the same baseline and weight.
const family = '"Noto Sans Gujarati", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * Mantine's orange with its darker half deepened so that text and controls stay readable (WCAG AA,
 * 4.5:1): white on the primary shade (8) is 5.2:1, the primary shade on white 5.2:1 and on the light
 * variant's tint (1) 4.7:1, shade 9 on white 7.3:1. Mantine's own 8 (#e8590c) gave white text 3.6:1.
 */
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#e8590c',
  '#d9480f',
  '#c2410c',
  '#9a3412',
];

export const theme = createTheme({
  colors: { orange },
  primaryColor: 'orange',
  primaryShade: 8,
  fontFamily: family,
  // Gujarati vowel signs sit above (ે ૈ ો ૌ) and below (ુ ૂ ૃ) the letters: tight line heights clip them.
  lineHeights: { xs: '1.5', sm: '1.55', md: '1.6', lg: '1.6', xl: '1.6' },
  headings: {
    fontFamily: family,
    fontWeight: '600',
    sizes: {
      h1: { lineHeight: '1.4' },
      h2: { lineHeight: '1.4' },
      h3: { lineHeight: '1.45' },
      h4: { lineHeight: '1.5' },
      h5: { lineHeight: '1.5' },
      h6: { lineHeight: '1.5' },
    },
  },
  defaultRadius: 'md',
  focusRing: 'auto',
  components: {
    // The house card: bordered, at the default radius and padding (md).
    Card: { defaultProps: { withBorder: true } satisfies CardProps },
    // Above the shell's navigation, so a dialog's overlay covers (and blocks) it as it covers the page;
    // Mantine's default (200) left the sidebar and the bottom bar bright and clickable, and a wide
    // image under the sidebar. Still below popovers (300), which a dialog's own selects open.
    Modal: { defaultProps: { zIndex: NAV_Z_INDEX + 40 } satisfies Partial<ModalProps> },
    // A select's or an autocomplete's list is drawn when it opens, not kept (hidden) from the start:
    // kept, every closed list on a form was drawn, measured (floating-ui) and given a scroll area as
    // the page loaded — on a cheap phone a long task of its own for a list nobody had opened
    // (/events/create's host field). The input names the list only while it is open (aria-controls).
    Combobox: { defaultProps: { keepMounted: false } satisfies Partial<ComboboxProps> },
  },
});

/**
 * Dimmed text (dates, counts, hints) is Mantine's gray 6 by default, 3.3:1 on white; this gray is 6.0:1
 * on white and 5.7:1 on the gray-0 cards.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    // A light variant (badges, alerts, light buttons) writes shade 9 on shade 1: for yellow, lime,
    // green and teal that is 2.7–4.3:1, under WCAG AA's 4.5 for small text (axe found the staff
    // queue's "requested" badge). Darker words for those four; yellow's is core's warning text.
    '--mantine-color-yellow-light-color': STATUS_PALETTE.warning.text,
    '--mantine-color-lime-light-color': '#4a6b0b',
    '--mantine-color-green-light-color': '#237032',
    '--mantine-color-teal-light-color': '#06694b',
  },
  dark: {},
});
