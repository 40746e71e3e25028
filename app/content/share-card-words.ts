// What a page's share card says (issue 31), one source for the image (share-card.server.tsx) and
// its og:image:alt (page-meta.ts): a page's title and lead, a tutor's name, subject, levels and rating.
import { formatExperience } from '~/content/experience'
import type { PageFrontmatter, Tutor } from '~/content/schema'

export type CardWords = { kicker: string; title: string; text: string }

/** The size of every share card, drawn or an editor's own: the 1.91:1 image chat apps and social networks show large. */
export const SHARE_CARD = { width: 1200, height: 630 } as const

/** A page's card: its frontmatter's `share` title and description when it has them, else its title (the home page's heading) and lead. */
export function pageCardWords(frontmatter: PageFrontmatter, isHome: boolean): CardWords {
  const title = frontmatter.share?.title ?? (isHome ? (frontmatter.heading ?? frontmatter.title) : frontmatter.title)
  return { kicker: frontmatter.eyebrow ?? '', title, text: frontmatter.share?.description ?? frontmatter.lead ?? frontmatter.description }
}

export function tutorCardWords(tutor: Pick<Tutor, 'name' | 'subject' | 'levels' | 'rating' | 'experienceYears'>): CardWords {
  return {
    kicker: 'Vetted tutor',
    title: `${tutor.name}, ${tutor.subject} tutor`,
    text: `${tutor.levels.join(' · ')}. Rated ${tutor.rating.toFixed(1)} out of 5, ${formatExperience(tutor.experienceYears)} of experience.`,
  }
}

/** The card's words as one line, for the image's alternative text. */
export function cardAlt(words: CardWords) {
  return `${words.title}. ${words.text}`
}
