// The look of every text box and select, in forms and in the tutor search alike.
export const CONTROL =
  'mt-1.5 block w-full rounded-xl border border-ink-500 bg-white px-3.5 text-ink-900 placeholder:text-ink-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-700 disabled:cursor-not-allowed disabled:bg-ink-100'
