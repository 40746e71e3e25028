// A tutor's profile as search engines read it (issue 31): a person who offers lessons in a subject,
// at an hourly price, through Brightwell. Built by the profile's loader (content/structured-data.server.ts says why).
import type { PersonLeaf } from 'schema-dts'

import { organizationRef } from '~/content/organization-ref'
import { formatMode, type Tutor } from '~/tutors/tutor'

export function tutorPerson(siteUrl: string, tutor: Tutor): PersonLeaf {
  const url = `${siteUrl}/tutors/${tutor.id}`
  return {
    '@type': 'Person',
    name: tutor.name,
    url,
    image: `${siteUrl}${tutor.avatar}`,
    description: tutor.bio,
    jobTitle: `${tutor.subject} Tutor`,
    knowsAbout: [tutor.subject, ...tutor.specialties],
    hasCredential: tutor.qualifications.map((qualification) => ({ '@type': 'EducationalOccupationalCredential', name: qualification })),
    workLocation: { '@type': 'Place', name: tutor.location },
    worksFor: organizationRef(siteUrl),
    makesOffer: {
      '@type': 'Offer',
      url,
      itemOffered: {
        '@type': 'Service',
        name: `${tutor.subject} tutoring`,
        serviceType: 'Tutoring',
        description: `Lessons in ${tutor.subject} for ${tutor.levels.join(', ')}: ${formatMode(tutor.mode).toLowerCase()}.`,
      },
      // The hourly price as the page states it; its currency is the site's placeholder "P", which
      // is no ISO 4217 code, so none is stated.
      priceSpecification: { '@type': 'UnitPriceSpecification', price: tutor.pricePerHour, unitCode: 'HUR', unitText: 'per hour' },
    },
  }
}
