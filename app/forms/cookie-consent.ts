import * as v from 'valibot'

import { ReturnPath } from '~/forms/rules'
import { CONSENT_CHOICES } from '~/http/cookies'

// The cookie banner's and the /cookies page's two buttons; anything else changes nothing.
export const CookieConsentSchema = v.object({
  consent: v.picklist(CONSENT_CHOICES),
  redirectTo: ReturnPath,
})
