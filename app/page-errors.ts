// spec §8, word for word: what the error pages say. Kept apart from the form messages,
// because every page's frame needs these and no page needs those unless it has a form.
export const PAGE_ERRORS = {
  serverError: {
    title: 'Server Error',
    text: "We're experiencing technical difficulties. Our team has been notified and is working to fix the issue.",
    tips: ['Wait a few minutes and try again', 'Check your internet connection', 'Contact support if the problem continues'],
  },
  notFound: {
    title: 'Page Not Found',
    text: "Oops! The page you're looking for doesn't exist or has been moved.",
  },
  unexpected: {
    title: 'Something Went Wrong',
    text: "We're sorry, but something unexpected happened. Please try refreshing the page or contact support if the problem persists.",
  },
} as const
