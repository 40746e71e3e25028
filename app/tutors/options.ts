// The search's filter options (spec §4, §9), as `as const` lists that the search schema and
// its <select>s are built from: values in URLs, labels on screen. The values a tutor record may
// take are the records' own, in content/tutor-vocabulary.ts.
export const SEARCH_OPTIONS = {
  subjects: [
    { value: 'science', label: 'Science' },
    { value: 'math', label: 'Mathematics' },
    { value: 'english', label: 'English' },
  ],
  levels: [
    { value: 'primary', label: 'Primary' },
    { value: 'secondary', label: 'Secondary' },
    { value: 'igcse', label: 'IGCSE' },
    { value: 'alevel', label: 'A-Level' },
    { value: 'university', label: 'University' },
  ],
  availability: [
    { value: 'today', label: 'Today' },
    { value: 'tomorrow', label: 'Tomorrow' },
    { value: 'this-week', label: 'This week' },
  ],
  ratings: [
    { value: '4.5', label: '4.5 and up' },
    { value: '4.7', label: '4.7 and up' },
    { value: '4.8', label: '4.8 and up' },
    { value: '4.9', label: '4.9 and up' },
  ],
  modes: [
    { value: 'online', label: 'Online' },
    { value: 'in-person', label: 'In person' },
  ],
  sorts: [
    { value: 'best', label: 'Best match' },
    { value: 'rating', label: 'Highest rated' },
    { value: 'price-asc', label: 'Price: low to high' },
    { value: 'price-desc', label: 'Price: high to low' },
    { value: 'soonest', label: 'Soonest available' },
  ],
} as const
