// The values a tutor record in content/tutors may take (spec §3), as `as const` lists that the
// content schema, the application form and its <select> are built from. Apart from the schema, so
// a form's browser bundle carries these lists and not the content schemas.
export const TUTOR_SUBJECTS = [
  'Physics',
  'Chemistry',
  'Biology',
  'Mathematics',
  'English Literature',
  'English Language',
  'Early Literacy',
  'Business and Economics',
  'Computer Science',
] as const

export const TUTOR_LEVELS = ['Primary', 'Secondary', 'IGCSE', 'A-Level', 'University'] as const
export const TUTOR_MODES = ['Online', 'In-Person', 'Both'] as const
