// Remix hides a fetcher's `?_data` from the action, so a hydrated form says itself that it wants
// its answer as data rather than the redirect a post without JavaScript gets: it adds this field.
// Apart from any form's rules, so a banner's or the footer's form ships none of them.
export const ENHANCED_FIELD = 'enhanced'
