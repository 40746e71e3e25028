import { Icon } from '~/components/icon'
import type { SocialNetwork } from '~/site'

const NAMES = { facebook: 'Facebook', instagram: 'Instagram', linkedin: 'LinkedIn', youtube: 'YouTube' } as const

export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <>
      <Icon name={network} className="h-5 w-5" />
      <span className="sr-only">{`${NAMES[network]} (opens our profile)`}</span>
    </>
  )
}
