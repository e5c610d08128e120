import type { ProtectedClass } from '@helixis/contract';

/**
 * The compliance test set (issue 30 part 3): sentences a property manager's outbound message might
 * contain, each marked whether a fair-housing check must flag it. Written from the protected classes
 * and HUD's advertising guidance (describe the housing, not the people), not from the rules' word
 * lists. Used by `npm run bench:compliance` and by the floor test in compliance-rules.test.ts.
 *
 * The checks run with every state class enabled, so state-class sentences count.
 */
export interface CompliancePhrase {
  text: string;
  flag: boolean;
  /** The class a flagged sentence offends, for the report. */
  class?: ProtectedClass | 'steering';
  /** 'clear' (openly discriminatory) or 'subtle' (steering, preference) for flagged sentences. */
  tone?: 'clear' | 'subtle';
}

export const COMPLIANCE_SET: readonly CompliancePhrase[] = [
  // ── must be flagged: clearly discriminatory ──
  {
    text: 'Sorry, the unit is not available to families with children.',
    flag: true,
    class: 'familial_status',
    tone: 'clear',
  },
  { text: 'No children, please — the building is adults only.', flag: true, class: 'familial_status', tone: 'clear' },
  { text: 'We do not rent to Section 8 tenants.', flag: true, class: 'source_of_income', tone: 'clear' },
  { text: 'Christian applicants preferred.', flag: true, class: 'religion', tone: 'clear' },
  { text: 'Female tenants only for this room.', flag: true, class: 'sex', tone: 'clear' },
  {
    text: 'No wheelchairs: the hallways are narrow and we will not make modifications.',
    flag: true,
    class: 'disability',
    tone: 'clear',
  },
  { text: 'Applicants must speak fluent English.', flag: true, class: 'national_origin', tone: 'clear' },
  { text: 'We cannot accept service animals in this building.', flag: true, class: 'disability', tone: 'clear' },
  { text: 'No more than two children per apartment.', flag: true, class: 'familial_status', tone: 'clear' },
  { text: 'Tenants must be in good health and able to climb stairs.', flag: true, class: 'disability', tone: 'clear' },
  { text: 'Married couples only.', flag: true, class: 'marital_status', tone: 'clear' },
  { text: 'Housing vouchers not accepted.', flag: true, class: 'source_of_income', tone: 'clear' },
  { text: 'US citizens only, no immigrants.', flag: true, class: 'national_origin', tone: 'clear' },
  { text: 'We prefer not to rent to the mentally ill.', flag: true, class: 'disability', tone: 'clear' },
  { text: 'No gays or lesbians.', flag: true, class: 'sexual_orientation', tone: 'clear' },
  {
    text: 'Transgender applicants are not eligible for the shared units.',
    flag: true,
    class: 'gender_identity',
    tone: 'clear',
  },
  { text: 'No military tenants, their deployments break leases.', flag: true, class: 'military_status', tone: 'clear' },
  { text: 'Seniors only, no young people.', flag: true, class: 'age', tone: 'clear' },
  { text: 'White tenants preferred.', flag: true, class: 'race', tone: 'clear' },
  { text: 'Must be employed; no welfare or public assistance.', flag: true, class: 'source_of_income', tone: 'clear' },
  // ── must be flagged: subtle steering and preferences ──
  { text: 'This one-bedroom is perfect for a young couple.', flag: true, class: 'familial_status', tone: 'subtle' },
  { text: 'The unit is ideal for a single professional.', flag: true, class: 'familial_status', tone: 'subtle' },
  {
    text: 'Honestly, your family would be more comfortable in another neighborhood.',
    flag: true,
    class: 'steering',
    tone: 'subtle',
  },
  {
    text: 'It is a quiet building, not really suitable for kids.',
    flag: true,
    class: 'familial_status',
    tone: 'subtle',
  },
  { text: 'The complex is in a predominantly Hispanic area.', flag: true, class: 'national_origin', tone: 'subtle' },
  { text: 'It sits in a mostly white neighborhood.', flag: true, class: 'race', tone: 'subtle' },
  { text: 'We are looking for mature tenants for this quiet building.', flag: true, class: 'age', tone: 'subtle' },
  { text: 'You might not fit in with the other residents here.', flag: true, class: 'steering', tone: 'subtle' },
  { text: 'Great spot, best suited for empty nesters.', flag: true, class: 'familial_status', tone: 'subtle' },
  { text: 'It is a bachelor pad with a great view.', flag: true, class: 'sex', tone: 'subtle' },
  { text: 'Perfect for a Christian family, close to our congregation.', flag: true, class: 'religion', tone: 'subtle' },
  { text: 'Young professionals preferred.', flag: true, class: 'age', tone: 'subtle' },
  // ── must not be flagged: ordinary wording about the home and the tenancy ──
  { text: 'No pets, sorry. Service animals are welcome.', flag: false },
  { text: 'Assistance animals are not pets and have no pet fee.', flag: false },
  { text: 'The apartment is within walking distance of St. Mary’s church and the library.', flag: false },
  { text: 'Three bedrooms, a family room and a fenced yard.', flag: false },
  { text: 'The building is wheelchair accessible with an elevator to every floor.', flag: false },
  { text: 'No smoking anywhere on the property.', flag: false },
  { text: 'Quiet street close to schools, parks and the bus line.', flag: false },
  { text: 'The master bedroom has a walk-in closet.', flag: false },
  { text: 'We accept housing choice vouchers and all lawful sources of income.', flag: false },
  { text: 'Rent is $1,450 per month, due on the first.', flag: false },
  { text: 'Applicants need a combined income of three times the rent.', flag: false },
  { text: 'Everyone is welcome to apply; we are an equal housing opportunity provider.', flag: false },
  { text: 'The unit has two bathrooms and an in-unit washer and dryer.', flag: false },
  { text: 'A couple of parking spaces are still free in the garage.', flag: false },
  { text: 'The maintenance team will fix the leaking faucet on Thursday.', flag: false },
  { text: 'Please send proof of renters insurance before move-in.', flag: false },
  { text: 'The community room hosts a holiday party every December.', flag: false },
  { text: 'Maximum occupancy is two people per bedroom, as the city code sets.', flag: false },
  { text: 'Jogging trails and a playground are next to the complex.', flag: false },
  { text: 'Reasonable accommodation requests can be sent to the office at any time.', flag: false },
  { text: 'No parties or loud music after 10 pm.', flag: false },
  { text: 'The white building on the corner is the leasing office.', flag: false },
  { text: 'Visits can be booked for weekday evenings or Saturday mornings.', flag: false },
  { text: 'Thank you for your application; we will reply within two business days.', flag: false },
  { text: 'The neighborhood has great restaurants and a farmers market on Saturdays.', flag: false },
  { text: 'Ramps and grab bars can be installed on request.', flag: false },
  { text: 'Only one parking permit is issued per unit.', flag: false },
  { text: 'Families are welcome; the school bus stops at the entrance.', flag: false },
];
