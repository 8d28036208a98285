import { filledTemplate, mapLinkOf, templateValues, type TemplateContext } from './template-values';

const CONTEXT: TemplateContext = {
  lead: { name: 'Aarav Sharma', phone: '+919845012345', location: 'Baner, Pune', interestedIn: null },
  owner: { name: 'Ravi Kumar' },
  visit: { at: new Date('2026-11-29T05:30:00.000Z'), property: { name: 'Skyline Residency 2BHK', siteVisitAddress: 'Skyline Residency, Baner Road, Pune 411045' } },
  timeZone: 'Asia/Kolkata',
  now: new Date('2026-11-28T12:00:00.000Z'),
};
const CONFIRMATION = [
  { key: 'name', source: 'lead.name' },
  { key: 'property', source: 'property.name' },
  { key: 'when', source: 'visit.time' },
  { key: 'address', source: 'property.address' },
  { key: 'map', source: 'property.mapLink' },
] as const;

describe('templateValues', () => {
  it('fills each variable from the lead, its owner and its next visit, the time in the team’s zone and a map link to the address', () => {
    expect(templateValues([...CONFIRMATION, { key: 'agent', source: 'owner.name' }], CONTEXT, {})).toEqual({
      ok: true,
      values: [
        'Aarav Sharma',
        'Skyline Residency 2BHK',
        'Sun 29 Nov, 11:00',
        'Skyline Residency, Baner Road, Pune 411045',
        'https://www.google.com/maps/search/?api=1&query=Skyline%20Residency%2C%20Baner%20Road%2C%20Pune%20411045',
        'Ravi Kumar',
      ],
    });
  });

  it('takes a value the send gives by key over its source, and needs one for a custom variable', () => {
    expect(templateValues([{ key: 'name', source: 'lead.name' }, { key: 'offer', source: 'custom' }], CONTEXT, { name: 'Aarav ji', offer: '5% off' })).toEqual({ ok: true, values: ['Aarav ji', '5% off'] });
    expect(templateValues([{ key: 'offer', source: 'custom' }], CONTEXT, {})).toEqual({ ok: false, errors: [{ field: 'variables.offer', message: 'is required: it is a custom value: give it with the send' }] });
  });

  it('names each variable with no value, and a key the template does not have', () => {
    expect(templateValues(CONFIRMATION.slice(0, 3), { ...CONTEXT, visit: null }, { color: 'blue' })).toEqual({
      ok: false,
      errors: [
        { field: 'variables.color', message: 'is not a variable of this template (name, property, when)' },
        { field: 'variables.property', message: 'is required: the lead has no site visit booked at a property' },
        { field: 'variables.when', message: 'is required: the lead has no site visit booked' },
      ],
    });
  });
});

describe('filledTemplate', () => {
  it('writes the body as the person reads it', () => {
    expect(filledTemplate({ name: 'visit_confirmation', body: 'Hi {{1}}, your visit to {{2}} is on {{3}}. {{2}} awaits!' }, ['Aarav', 'Skyline', 'Sun 29 Nov, 11:00'])).toBe('Hi Aarav, your visit to Skyline is on Sun 29 Nov, 11:00. Skyline awaits!');
  });

  it('names the template and its values when its body was not registered', () => {
    expect(filledTemplate({ name: 'callback_missed', body: null }, ['Aarav'])).toBe('callback_missed · Aarav');
  });

  it('links a map of the address', () => {
    expect(mapLinkOf('A & B, Pune')).toBe('https://www.google.com/maps/search/?api=1&query=A%20%26%20B%2C%20Pune');
  });
});
