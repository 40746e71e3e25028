import * as v from 'valibot'

import { LinkToken } from '~/forms/rules'

// The confirmation link's page has one button; the token travels in the page, as on /reset-password.
export const AddressConfirmationSchema = v.object({ token: LinkToken })
