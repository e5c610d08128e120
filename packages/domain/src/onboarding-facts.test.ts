import { describe, expect, it } from 'vitest';
import { extractBusinessInfo, findBusinessName, findIndustry, findServiceAreaPhrase } from './business-info';
import { extractFacts } from './facts';
import { isQuestionMessage, statementsOf } from './onboarding-chat';
import {
  changedProfileFacts,
  findCustomersSentence,
  findServicesSentence,
  missingOnboardingTopics,
  paymentMethodsValue,
  profileFacts,
} from './onboarding-facts';

describe('business name and industry from natural sentences', () => {
  it.each([
    [
      'Maple Street Property Management. We manage 120 residential units in Springfield.',
      'Maple Street Property Management',
    ],
    ['We are Harbor View Rentals. We look after apartments in Tampa.', 'Harbor View Rentals'],
    ["We're Oak & Pine Realty, a small brokerage with a rental desk.", 'Oak & Pine Realty'],
    ['Our company is called Lakeside Homes and we rent out 40 houses.', 'Lakeside Homes'],
    ['The business name is Crescent Living.', 'Crescent Living'],
    ['I run Bluebird Property Group out of Dayton.', 'Bluebird Property Group'],
    ['Riverbend Properties manages 300 apartments across Ohio.', 'Riverbend Properties'],
    ['Northgate is a property management company in Erie.', 'Northgate'],
    ['It is called Summit Residential.', 'Summit Residential'],
    ['Welcome to Keystone Rentals LLC!', 'Keystone Rentals LLC'],
    ['i work for Granite Peak Management', 'Granite Peak Management'],
    ['Greenway Lawn Co. We mow lawns.', 'Greenway Lawn Co'],
  ])('%s → %s', (text, name) => {
    expect(findBusinessName(text)).toBe(name);
    expect(extractBusinessInfo(text).officialName).toBe(name);
  });

  it.each([
    'We manage 120 residential units in Springfield.',
    'My name is Dana and I answer the phone.',
    'We are based in Springfield.',
    'Springfield is a great place for rentals.',
    'What is your business called?',
    'How many rentals do we manage?',
    'We are a family business.',
    'Monday.',
    'Call us any time.',
  ])('no name in %s', (text) => {
    expect(findBusinessName(text)).toBeUndefined();
  });

  it.each([
    ['Maple Street Property Management. We manage 120 residential units in Springfield.', 'Property management'],
    ['We look after about 80 rental homes for local owners.', 'Property management'],
    ['We handle HOA management for three communities.', 'Property management'],
    ['Our team manages over 1,200 doors.', 'Property management'],
    ['Landlords hire us to find and keep good tenants.', 'Property management'],
    ['We are a real estate brokerage.', 'Real estate'],
    ['We mow lawns and design gardens.', 'Landscaping'],
    ['We do residential plumbing repairs.', 'Home services'],
  ])('%s → industry %s', (text, industry) => {
    expect(findIndustry(text)).toBe(industry);
    expect(extractBusinessInfo(text).industry).toBe(industry);
  });

  it('asks are not statements: a question names no industry', () => {
    expect(findIndustry('How many rentals do we manage?')).toBeUndefined();
    expect(extractBusinessInfo('How many units do we manage in Springfield?')).toEqual({});
  });

  it('a label still wins over the sentences', () => {
    const info = extractBusinessInfo(
      'Business name: Maple St PM\nIndustry: Residential leasing\nWe are Other Rentals.',
    );
    expect(info.officialName).toBe('Maple St PM');
    expect(info.industry).toBe('Residential leasing');
  });

  it.each([
    ['We manage 120 residential units in Springfield.', 'Springfield'],
    ['We serve Springfield and Shelbyville.', 'Springfield and Shelbyville'],
    ['Our office is based in Dayton, with homes across Greene County.', 'Dayton'],
    ['We have nothing to add.', undefined],
  ])('service area phrase of %s', (text, area) => {
    expect(findServiceAreaPhrase(text)).toBe(area);
  });
});

describe('questions are not statements', () => {
  it.each([
    'How many rentals do we manage?',
    'What are your office hours?',
    'how much is unpaid',
    'Do we have any open tasks',
    'Tell me how many units we have.',
    'Which areas do you serve? And how do I pay?',
  ])('%s is a question', (text) => {
    expect(isQuestionMessage(text)).toBe(true);
    expect(statementsOf(text)).toBe('');
  });

  it.each([
    'Maple Street Property Management. We manage 120 residential units in Springfield.',
    'Office hours: Mon-Fri 9am-5pm',
    'What we do: leasing and maintenance.',
    'Our phone is (555) 010-2030. Anything else?',
  ])('%s is a statement', (text) => {
    expect(isQuestionMessage(text)).toBe(false);
  });

  it('keeps the statements of a mixed message and drops its questions', () => {
    expect(statementsOf('Our phone is (555) 010-2030. Anything else?\nHours: Mon-Fri 9-5')).toBe(
      'Our phone is (555) 010-2030.\nHours: Mon-Fri 9-5',
    );
  });
});

describe('profile fields as facts', () => {
  const state = {
    businessData: {
      officialName: 'Maple Street Property Management',
      industry: 'Property management',
      serviceArea: 'Springfield',
      primaryContact: { name: 'Dana Reyes', role: 'Owner', email: 'dana@maple.test' },
    },
    essentialInfo: { pricingModel: '8% of collected rent', paymentsAccepted: ['ACH', 'Check'], services: 'Leasing' },
  };

  it('maps every field onto a stable key', () => {
    expect(profileFacts(state)).toEqual([
      { key: 'business_name', value: 'Maple Street Property Management' },
      { key: 'industry', value: 'Property management' },
      { key: 'service_area', value: 'Springfield' },
      { key: 'primary_contact_name', value: 'Dana Reyes (Owner)' },
      { key: 'primary_contact_email', value: 'dana@maple.test' },
      { key: 'services', value: 'Leasing' },
      { key: 'pricing_structure', value: '8% of collected rent' },
      { key: 'payment_methods', value: 'Pay by ACH or Check' },
    ]);
    expect(paymentMethodsValue(['ACH', 'Visa', 'Check'])).toBe('Pay by ACH, Visa or Check');
  });

  it('a change yields only the facts it set or altered', () => {
    const after = { ...state, businessData: { ...state.businessData, serviceArea: 'Springfield and Shelbyville' } };
    expect(changedProfileFacts(state, after)).toEqual([{ key: 'service_area', value: 'Springfield and Shelbyville' }]);
    expect(changedProfileFacts(null, state)).toHaveLength(8);
    expect(changedProfileFacts(state, state)).toEqual([]);
  });

  it('topics still to ask follow the facts known', () => {
    expect(missingOnboardingTopics([]).map((t) => t.label)).toEqual([
      'business name',
      'services',
      'location',
      'customers',
      'contact details',
      'hours',
      'payment methods',
      'pricing',
    ]);
    expect(
      missingOnboardingTopics(['business_name', 'industry', 'service_area', 'business_phone']).map((t) => t.label),
    ).toEqual(['customers', 'hours', 'payment methods', 'pricing']);
  });

  it('finds who the customers are and what is offered', () => {
    expect(findCustomersSentence('Our customers are owners of single-family rentals.')).toBe(
      'Our customers are owners of single-family rentals.',
    );
    expect(findCustomersSentence('We manage rentals for busy landlords.')).toBe(
      'We manage rentals for busy landlords.',
    );
    expect(findCustomersSentence('Who are your customers?')).toBeUndefined();
    expect(findServicesSentence('We offer leasing, rent collection and repairs.')).toBe(
      'We offer leasing, rent collection and repairs.',
    );
  });
});

describe('onboarding answers as facts', () => {
  it.each([
    ['Office hours: Mon-Fri 9am-5pm', 'operating_hours', 'Mon-Fri 9am-5pm'],
    ['We are open weekdays 9-5.', 'operating_hours', 'weekdays 9-5'],
    [
      'Our office is open 8:30am to 6pm Monday through Friday.',
      'operating_hours',
      '8:30am to 6pm Monday through Friday',
    ],
    ['Emergency line: (555) 010-9999', 'emergency_contact', '(555) 010-9999'],
    ['For emergencies after hours call 555-010-9999.', 'emergency_contact', '555-010-9999'],
    ['Phone: (555) 010-2030', 'business_phone', '(555) 010-2030'],
    ['Tenants can write to help@maple.test any time.', 'support_email', 'help@maple.test'],
  ])('%s → %s', (text, key, value) => {
    expect(extractFacts(text).find((f) => f.key === key)?.value).toBe(value);
  });
});

describe('questions never fill the profile', () => {
  it.each([
    'Do you serve OH?',
    'Do you take Visa',
    'Can tenants pay by ACH?',
    'What is your business called?',
    'Is Maple Street Property Management a good name?',
  ])('%s', (text) => {
    expect(extractBusinessInfo(text)).toEqual({});
  });
  it('the statements of a mixed message still count', () => {
    expect(extractBusinessInfo('We accept ACH and Visa. Do you take checks?').paymentsAccepted).toEqual([
      'ACH',
      'Visa',
    ]);
  });
});
