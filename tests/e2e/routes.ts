// spec §2 route table, plus the pages the footer, subject cards and forms need.
export const ROUTES = [
  '/', '/about', '/subjects', '/science', '/math', '/english', '/english-detailed', '/early-literacy',
  '/services', '/services/how-booking-works', '/cancellation-and-refund', '/how-it-works', '/pricing',
  '/tutors', '/tutors/find', '/tutors/apply', '/login', '/pillars', '/signup', '/forgot-password', '/contact',
  '/trust-and-safety', '/students', '/students/join', '/students/faqs', '/classes', '/500',
  '/privacy', '/terms', '/cookies', '/safeguarding', '/subjects/business-economics', '/subjects/computer-science',
  '/tutors/amelia-hart', '/reset-password?token=expired', '/newsletter/unsubscribe?token=expired', '/newsletter/confirm?token=expired', '/confirm-lesson-request?token=expired', '/confirm-email?token=expired',
  '/accessibility', '/reviews-policy',
]
