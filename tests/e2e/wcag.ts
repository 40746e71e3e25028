// The axe rule tags of WCAG 2.2 level AA, which every page is held to.
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
