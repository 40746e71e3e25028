// The values a tutor record may take (spec §3), shared by the content schema, the
// tutor application form and the weekly timetables.
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
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
