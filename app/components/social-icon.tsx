import type { SocialNetwork } from '~/site'

const NAMES = { facebook: 'Facebook', instagram: 'Instagram', linkedin: 'LinkedIn', youtube: 'YouTube' } as const

// Simple line glyphs drawn for this site, so no icon font or third-party asset is loaded.
const GLYPHS: Record<SocialNetwork, JSX.Element> = {
  facebook: <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" />,
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.5" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3" y="9" width="4" height="12" />
      <circle cx="5" cy="4.5" r="1.5" />
      <path d="M11 21V9h4v2a4 4 0 0 1 6 3.5V21h-4v-6a2 2 0 0 0-4 0v6z" />
    </>
  ),
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="M10 9l5 3-5 3z" />
    </>
  ),
}

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {GLYPHS[network]}
      </svg>
      <span className="sr-only">{`${NAMES[network]} (opens our profile)`}</span>
    </>
  )
}
