import type { ListedProperty, Property } from '@lead-desk/contracts';
import request from 'supertest';
import { PropertySearchService } from '../src/properties/search/property-search.service';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signedInAgent, signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

/** The page's 16 sample properties as the explorer showed them before they became data: id, name, location, category, price, area, amenities and picture. */
const SEEDED: [number, string, string, ListedProperty['category'], string, number, string, string[], string][] = [
  [1, 'Skyline Residency 2BHK', 'Andheri West, Mumbai', 'apartment', '₹1.2 Cr', 12_000_000, '1,050 sq ft', ['Swimming pool', 'Gym', '24x7 security'], 'skyline-residency'],
  [2, 'Prestige Lakeside Habitat 3BHK', 'Whitefield, Bengaluru', 'apartment', '₹95 Lakh', 9_500_000, '1,480 sq ft', ['Lake view', 'Clubhouse', 'Covered parking'], 'prestige-lakeside-habitat'],
  [3, 'Green Valley Heights 2BHK', 'Wakad, Pune', 'apartment', '₹49.5 Lakh', 4_950_000, '940 sq ft', ['Children’s play area', 'Power backup', 'Lift'], 'green-valley-heights'],
  [4, 'DLF Park Place 4BHK', 'Sector 54, Gurugram', 'apartment', '₹2 Cr', 20_000_000, '2,350 sq ft', ['Golf course view', 'Concierge', 'Gym'], 'dlf-park-place'],
  [5, 'Palm Grove Villa', 'East Coast Road, Chennai', 'villa', '₹1.85 Cr', 18_500_000, '2,800 sq ft', ['Private garden', 'Sea breeze', 'Solar panels'], 'palm-grove-villa'],
  [6, 'Casa Goa Heritage Villa', 'Assagao, Goa', 'villa', '₹3.5 Cr', 35_000_000, '3,600 sq ft', ['Private pool', 'Portuguese architecture', 'Courtyard'], 'casa-goa-heritage-villa'],
  [7, 'Whispering Pines Villa', 'Sarjapur Road, Bengaluru', 'villa', '₹99 Lakh', 9_900_000, '2,100 sq ft', ['Gated community', 'Terrace garden', 'Clubhouse'], 'whispering-pines-villa'],
  [8, 'Lotus Courtyard Villa', 'Jubilee Hills, Hyderabad', 'villa', '₹4.2 Cr', 42_000_000, '4,500 sq ft', ['Home theatre', 'Private pool', 'Staff quarters'], 'lotus-courtyard-villa'],
  [9, 'Sunrise Meadows Plot', 'Shamshabad, Hyderabad', 'plot', '₹35 Lakh', 3_500_000, '1,800 sq ft', ['HMDA approved', 'Near airport', 'Gated layout'], 'sunrise-meadows-plot'],
  [10, 'Riverside Farm Plot', 'Karjat, Maharashtra', 'plot', '₹50 Lakh', 5_000_000, '10,000 sq ft', ['River frontage', 'Mango trees', 'Borewell'], 'riverside-farm-plot'],
  [11, 'Orchard Enclave Plot', 'Devanahalli, Bengaluru', 'plot', '₹72 Lakh', 7_200_000, '2,400 sq ft', ['BIAAPA approved', 'Clubhouse', 'Underground cabling'], 'orchard-enclave-plot'],
  [12, 'Heritage Acres Plot', 'Mahabalipuram Road, Chennai', 'plot', '₹28 Lakh', 2_800_000, '1,200 sq ft', ['DTCP approved', 'Corner plot', 'Tar roads'], 'heritage-acres-plot'],
  [13, 'Cyber Hub Office Suite', 'DLF Cyber City, Gurugram', 'commercial', '₹2.75 Cr', 27_500_000, '3,200 sq ft', ['Grade A building', 'Metro access', 'Central AC'], 'cyber-hub-office-suite'],
  [14, 'Marketplace Retail Shop', 'Koregaon Park, Pune', 'commercial', '₹1 Cr', 10_000_000, '650 sq ft', ['Ground floor', 'High footfall', 'Visitor parking'], 'marketplace-retail-shop'],
  [15, 'Tech Park Co-working Floor', 'HITEC City, Hyderabad', 'commercial', '₹1.99 Cr', 19_900_000, '4,000 sq ft', ['Plug and play', 'Cafeteria', 'Power backup'], 'tech-park-coworking-floor'],
  [16, 'High Street Showroom', 'Salt Lake Sector V, Kolkata', 'commercial', '₹45 Lakh', 4_500_000, '480 sq ft', ['Main road facing', 'Glass frontage', 'Lift'], 'high-street-showroom'],
];

const SEEDED_LIST: ListedProperty[] = SEEDED.map(([id, name, location, category, priceText, priceRupees, area, amenities, imageKey]) => ({
  id,
  name,
  location,
  category,
  priceText,
  priceRupees,
  area,
  amenities,
  imageKey,
  status: 'available',
}));

const NEW_PROPERTY = { name: 'Lakeview Towers 2BHK', category: 'apartment', locality: 'Powai', city: 'Mumbai', price: '₹85 Lakh', bedrooms: 2, areaSqFt: 980, amenities: ['Lake view', 'Gym'], highlight: 'A 2BHK by Powai lake' };

/**
 * The properties as data: the public list the explorer reads (the seeded 16 exactly as the
 * page showed them, cacheable with its ETag), the admins' create and edit (If-Match, 412),
 * marking one booked or sold, and what the agent's search then offers.
 */
describe.each(PROVIDERS)('properties on %s', (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;
  let agent: StaffSession;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
    agent = await signedInAgent(testApp, admin, 'Ravi Kumar');
  });
  afterAll(() => testApp.close());

  const send = (session: StaffSession, method: 'post' | 'patch', path: string, body: object, ifMatch?: string) => {
    const pending = session.agent[method](path).set('X-CSRF-Token', session.csrf);
    return (ifMatch === undefined ? pending : pending.set('If-Match', ifMatch)).send(body);
  };
  const listed = async (): Promise<ListedProperty[]> => (await request(testApp.app.getHttpServer()).get('/api/properties').expect(200)).body;
  const inventory = async (): Promise<Property[]> => (await agent.agent.get('/api/properties/inventory').expect(200)).body;

  it('lists the 16 sample properties to anyone, exactly as the page showed them, in its order', async () => {
    expect(await listed()).toEqual(SEEDED_LIST);
  });

  it('lets browsers keep the list and ask whether it changed (304 while it has not)', async () => {
    const first = await testApp.http.get('/api/properties').expect(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    const again = await testApp.http.get('/api/properties').set('If-None-Match', tag).expect(304);
    expect(again.text).toBe('');
    await testApp.http.get('/api/properties').set('If-None-Match', '"another-list"').expect(200);

    const edited = await send(admin, 'patch', '/api/properties/16', { highlight: 'A glass-fronted showroom on the main road' }).expect(200);
    // The highlight is not on the page: its list, and its tag, are the same.
    expect((await testApp.http.get('/api/properties').set('If-None-Match', tag).expect(304)).headers.etag).toBe(tag);
    await send(admin, 'patch', '/api/properties/16', { amenities: ['Main road facing', 'Glass frontage', 'Lift', 'Parking'] }, `"${edited.body.version}"`).expect(200);
    const changed = await testApp.http.get('/api/properties').set('If-None-Match', tag).expect(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect((changed.body as ListedProperty[]).find(({ id }) => id === 16)?.amenities).toEqual(['Main road facing', 'Glass frontage', 'Lift', 'Parking']);
  });

  it('shows staff the whole inventory, with what admins edit; not without a session', async () => {
    await testApp.http.get('/api/properties/inventory').expect(401);
    const skyline = (await inventory()).find(({ id }) => id === 1);
    expect(skyline).toEqual({
      ...SEEDED_LIST[0],
      locality: 'Andheri West',
      city: 'Mumbai',
      bedrooms: 2,
      areaSqFt: 1050,
      highlight: 'A 2BHK with a pool and gym, ten minutes from Andheri metro',
      siteVisitAddress: 'Site office, Skyline Residency 2BHK, Andheri West, Mumbai',
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('lets an admin add a property, its price given as text or in rupees, stored as the page’s text and in rupees', async () => {
    const created = await send(admin, 'post', '/api/properties', NEW_PROPERTY).expect(201);
    expect(created.headers.etag).toBe('"1"');
    expect(created.body).toMatchObject({
      name: 'Lakeview Towers 2BHK',
      location: 'Powai, Mumbai',
      priceText: '₹85 Lakh',
      priceRupees: 8_500_000,
      area: '980 sq ft',
      areaSqFt: 980,
      imageKey: null,
      status: 'available',
      siteVisitAddress: 'Site office, Lakeview Towers 2BHK, Powai, Mumbai',
      version: 1,
    });
    expect((await listed()).at(-1)).toMatchObject({ id: created.body.id, name: 'Lakeview Towers 2BHK', priceText: '₹85 Lakh' });

    const inRupees = await send(admin, 'post', '/api/properties', { ...NEW_PROPERTY, name: 'Lakeview Towers 3BHK', price: 12_500_000, location: 'Powai, near IIT, Mumbai', status: 'booked' }).expect(201);
    expect(inRupees.body).toMatchObject({ priceText: '₹1.25 Cr', priceRupees: 12_500_000, location: 'Powai, near IIT, Mumbai', status: 'booked' });
    const withCrore = await send(admin, 'patch', `/api/properties/${inRupees.body.id}`, { price: '1.3 Cr' }).expect(200);
    expect(withCrore.body).toMatchObject({ priceText: '₹1.3 Cr', priceRupees: 13_000_000, version: 2 });
  });

  it('refuses a property it cannot read, naming each field', async () => {
    const answer = await send(admin, 'post', '/api/properties', { ...NEW_PROPERTY, name: ' ', category: 'castle', price: 'Price on request', areaSqFt: -1, floors: 3 }).expect(400);
    expect((answer.body.errors as { field: string }[]).map(({ field }) => field).sort()).toEqual(['areaSqFt', 'category', 'floors', 'name', 'price']);
    expect(answer.body.errors).toContainEqual({ field: 'price', message: 'must be an amount such as "₹85 Lakh", "1.2 Cr" or 8500000 (rupees)' });
    await send(admin, 'patch', '/api/properties/1', {}).expect(400);
    expect((await send(admin, 'patch', '/api/properties/abc', { status: 'sold' }).expect(400)).body.errors).toEqual([{ field: 'id', message: 'must be the id of a property (a whole number)' }]);
    expect((await send(admin, 'patch', '/api/properties/1', { status: 'gone' }).expect(400)).body.errors).toEqual([{ field: 'status', message: 'must be available, booked or sold' }]);
    await send(admin, 'patch', '/api/properties/9999', { status: 'sold' }).expect(404);
  });

  it('keeps creating and editing to admins: an agent reads, never writes', async () => {
    await send(agent, 'post', '/api/properties', NEW_PROPERTY).expect(403);
    await send(agent, 'patch', '/api/properties/1', { status: 'sold' }).expect(403);
    expect((await inventory()).find(({ id }) => id === 1)?.status).toBe('available');
  });

  it('applies an edit only to the version it was made against (412 when stale, nothing changed)', async () => {
    const before = (await inventory()).find(({ id }) => id === 3)!;
    const first = await send(admin, 'patch', '/api/properties/3', { highlight: 'A 2BHK near the Hinjewadi IT park' }, `"${before.version}"`).expect(200);
    expect(first.headers.etag).toBe(`"${before.version + 1}"`);
    expect(first.body.updatedAt).not.toBe(before.updatedAt);
    const stale = await send(admin, 'patch', '/api/properties/3', { highlight: 'An older idea' }, `"${before.version}"`).expect(412);
    expect(stale.body.message).toBe(`The property has changed since: it is at version ${before.version + 1}. Load it again and reapply your change.`);
    expect((await inventory()).find(({ id }) => id === 3)).toMatchObject({ highlight: 'A 2BHK near the Hinjewadi IT park', version: before.version + 1 });
    expect((await send(admin, 'patch', '/api/properties/3', { highlight: 'x' }, 'version two').expect(400)).body.errors).toEqual([{ field: 'If-Match', message: 'must be the ETag of the property, e.g. "3"' }]);
    // The same values again change nothing, not even the version.
    const same = await send(admin, 'patch', '/api/properties/3', { highlight: 'A 2BHK near the Hinjewadi IT park', price: '₹49.5 Lakh' }).expect(200);
    expect(same.body.version).toBe(before.version + 1);
  });

  it('keeps a booked property on the page, marked booked, and takes a sold one off; the agent offers neither', async () => {
    const search = testApp.app.get(PropertySearchService);
    expect((await search.search({ city: 'Bengaluru', type: 'villa' })).properties.map(({ id }) => id)).toEqual([7]);

    await send(admin, 'patch', '/api/properties/2', { status: 'booked' }).expect(200);
    await send(admin, 'patch', '/api/properties/7', { status: 'sold' }).expect(200);
    const page = await listed();
    expect(page.find(({ id }) => id === 2)?.status).toBe('booked');
    expect(page.some(({ id }) => id === 7)).toBe(false);
    expect((await inventory()).find(({ id }) => id === 7)?.status).toBe('sold');

    const villas = await search.search({ city: 'Bengaluru', type: 'villa' });
    expect(villas.exact).toBe(false);
    expect(villas.properties.map(({ id }) => id)).not.toContain(7);
    const bengaluru = await search.search({ city: 'Bengaluru' });
    expect(bengaluru.properties.map(({ id }) => id)).toEqual([11]);
    expect(bengaluru.text).toBe('I found one available property in Bengaluru:\nProperty 11: Orchard Enclave Plot, a plot in Devanahalli, Bengaluru, for 72 lakh rupees. A BIAAPA-approved plot with a clubhouse, near the airport.');

    await send(admin, 'patch', '/api/properties/7', { status: 'available' }).expect(200);
    expect((await listed()).some(({ id }) => id === 7)).toBe(true);
  });

  it('takes a callback request about a property an admin added, and refuses one about a property that does not exist', async () => {
    const created = await send(admin, 'post', '/api/properties', { ...NEW_PROPERTY, name: 'Callback Heights' }).expect(201);
    const body = { name: 'Asha Rao', phone: '+919845012345', propertyId: created.body.id, consent: true, consentWording: 'I agree to be called.' };
    await testApp.http.post('/api/callback-requests').send(body).expect(201);
    const lead = (await admin.agent.get('/api/leads?q=Asha').expect(200)).body[0];
    expect(lead.interestedIn).toBe('Callback Heights');
    const unknown = await testApp.http.post('/api/callback-requests').send({ ...body, phone: '+919845012346', propertyId: 9999 }).expect(400);
    expect(unknown.body.errors).toEqual([{ field: 'propertyId', message: 'must be the id of one of our properties' }]);
  });
});
