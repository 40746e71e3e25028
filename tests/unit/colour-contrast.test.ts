// WCAG 2.2 AA contrast of the colour pairs the site draws, read from the Tailwind theme.
// axe checks the text of rendered pages; these also cover hover states, focus indicators
// and states axe does not see.
import tailwindColours from 'tailwindcss/colors'
import { expect, test } from 'vitest'

import tailwindConfig from '~/tailwind.config'

const THEME_COLOURS: Record<string, Record<string, string>> = tailwindConfig.theme.extend.colors
// Tailwind's own palette, for the few colours the theme does not redefine (white, red, emerald).
const TAILWIND_COLOURS: Partial<Record<string, unknown>> = { white: tailwindColours.white, red: tailwindColours.red, emerald: tailwindColours.emerald }

/** A colour by its class name ('white', 'ink-600', 'red-700') as #rrggbb. */
function hex(name: string) {
  const [family = '', shade = ''] = name.split('-')
  const palette = THEME_COLOURS[family] ?? TAILWIND_COLOURS[family]
  const colour = typeof palette === 'string' ? palette : (palette as Record<string, string> | undefined)?.[shade]
  if (!colour?.startsWith('#')) throw new Error(`${name} is not a colour of the theme`)
  return colour.length === 4 ? `#${[...colour.slice(1)].map((digit) => digit + digit).join('')}` : colour
}

function channels(colour: string) {
  return [1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16))
}

/** `top` at `alpha` laid over `base`, as a hex colour. */
function over(top: string, alpha: number, base: string) {
  const [a, b] = [channels(top), channels(base)]
  return `#${a.map((channel, index) => Math.round(channel * alpha + b[index]! * (1 - alpha)).toString(16).padStart(2, '0')).join('')}`
}

function luminance(colour: string) {
  const [r = 0, g = 0, b = 0] = channels(colour).map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(first: string, second: string) {
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

test('the theme names its colours as hex values, so each pair below can be measured', () => {
  expect(hex('ink-600')).toMatch(/^#[0-9a-f]{6}$/i)
  expect(() => hex('ink-400')).toThrow('not a colour of the theme')
  expect(contrast('#000000', '#ffffff')).toBeCloseTo(21)
})

// Text, on the background it is drawn on: 4.5:1 (WCAG 1.4.3).
const TEXT = [
  { where: 'body text', text: 'ink-900', background: 'white' },
  { where: 'labels of boxes and menu links', text: 'ink-800', background: 'white' },
  { where: 'secondary text', text: 'ink-700', background: 'white' },
  { where: 'leads and field hints', text: 'ink-600', background: 'white' },
  { where: 'page header leads', text: 'ink-600', background: 'ink-50' },
  { where: 'placeholders', text: 'ink-500', background: 'white' },
  { where: 'links and eyebrows', text: 'brand-700', background: 'white' },
  { where: 'the current section in the header', text: 'brand-800', background: 'brand-50' },
  { where: 'secondary buttons', text: 'brand-800', background: 'white' },
  { where: 'information notices', text: 'brand-900', background: 'brand-50' },
  { where: 'primary buttons', text: 'white', background: 'brand-700' },
  { where: 'primary buttons, hovered', text: 'white', background: 'brand-800' },
  { where: 'the top bar and sun buttons', text: 'ink-900', background: 'sun-400' },
  { where: 'sun buttons, hovered', text: 'ink-900', background: 'sun-300' },
  { where: 'the Top Rated badge', text: 'ink-900', background: 'sun-100' },
  { where: 'the promo banner and the closing call to action', text: 'white', background: 'brand-900' },
  { where: 'the promo banner link', text: 'sun-300', background: 'brand-900' },
  { where: 'the closing call to action lead', text: 'brand-100', background: 'brand-900' },
  { where: 'footer headings', text: 'white', background: 'ink-900' },
  { where: 'footer text and links', text: 'ink-300', background: 'ink-900' },
  { where: 'the newsletter result', text: 'sun-300', background: 'ink-900' },
  { where: 'field errors', text: 'red-700', background: 'white' },
  { where: 'error notices', text: 'red-800', background: 'red-50' },
  { where: 'success notices', text: 'emerald-900', background: 'emerald-50' },
]

test.each(TEXT)('$where: $text on $background reaches 4.5:1', ({ text, background }) => {
  expect(contrast(hex(text), hex(background))).toBeGreaterThanOrEqual(4.5)
})

test('the newsletter box: its text and placeholder on the translucent field over the footer reach 4.5:1', () => {
  const field = over(hex('white'), 0.1, hex('ink-900'))
  expect(contrast(hex('white'), field)).toBeGreaterThanOrEqual(4.5)
  expect(contrast(hex('ink-300'), field)).toBeGreaterThanOrEqual(4.5)
})

// Focus indicators, against the background around them: 3:1 (WCAG 1.4.11).
const FOCUS = [
  { where: 'the outline of links and buttons', indicator: 'brand-600', background: 'white' },
  { where: 'the outline in page headers', indicator: 'brand-600', background: 'ink-50' },
  { where: 'the outline in the top bar', indicator: 'brand-600', background: 'sun-400' },
  { where: 'the ring of form fields', indicator: 'brand-600', background: 'white' },
  { where: 'the outline inside FAQ questions', indicator: 'brand-700', background: 'white' },
  { where: 'the outline inside FAQ questions, hovered', indicator: 'brand-700', background: 'ink-50' },
  { where: 'the outline on the promo banner and the closing call to action', indicator: 'white', background: 'brand-900' },
  { where: 'the outline in the footer', indicator: 'white', background: 'ink-900' },
]

test.each(FOCUS)('$where: $indicator on $background reaches 3:1', ({ indicator, background }) => {
  expect(contrast(hex(indicator), hex(background))).toBeGreaterThanOrEqual(3)
})

// WCAG 1.4.11: a field's edge is what shows where to type, so it needs 3:1 against its surroundings.
test('text boxes, selects and checkboxes are bordered in ink-500, which reaches 3:1 on white', () => {
  expect(contrast(hex('ink-500'), hex('white'))).toBeGreaterThanOrEqual(3)
})

test("the footer's newsletter box is bordered in white at 60%, which reaches 3:1 on the footer's ink-900", () => {
  expect(contrast(over(hex('white'), 0.6, hex('ink-900')), hex('ink-900'))).toBeGreaterThanOrEqual(3)
})

test('an invalid field is bordered in red-700, which reaches 3:1 on white', () => {
  expect(contrast(hex('red-700'), hex('white'))).toBeGreaterThanOrEqual(3)
})
