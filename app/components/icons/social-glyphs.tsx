// Line glyphs drawn for this site in the icon set's style, as the icon library has no
// brand marks. They join the sprite like every other icon.
function glyph(shapes: JSX.Element) {
  return function SocialGlyph() {
    return <svg viewBox="0 0 24 24">{shapes}</svg>
  }
}

export const Facebook = glyph(<path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" />)

export const Instagram = glyph(
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.5" />
  </>,
)

export const LinkedIn = glyph(
  <>
    <rect x="3" y="9" width="4" height="12" />
    <circle cx="5" cy="4.5" r="1.5" />
    <path d="M11 21V9h4v2a4 4 0 0 1 6 3.5V21h-4v-6a2 2 0 0 0-4 0v6z" />
  </>,
)

export const YouTube = glyph(
  <>
    <rect x="2" y="5" width="20" height="14" rx="4" />
    <path d="M10 9l5 3-5 3z" />
  </>,
)
