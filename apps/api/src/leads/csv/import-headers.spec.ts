import { LEAD_CSV_COLUMNS } from './lead-csv-columns';
import { importColumnOf } from './import-headers';

describe('importColumnOf', () => {
  it('knows every column of our own export by its name, but the last activity time, which the server keeps', () => {
    const imported = LEAD_CSV_COLUMNS.filter((column) => column !== 'lastActivityAt');
    expect(imported.map(importColumnOf)).toEqual(imported);
    expect(importColumnOf('lastActivityAt')).toBeUndefined();
  });

  it.each([
    ['First Name', 'firstName'],
    ['LAST NAME', 'lastName'],
    ['Full Name', 'name'],
    ['Lead Name', 'name'],
    ['E-mail', 'email'],
    ['Email Address', 'email'],
    ['Email', 'email'],
    ['Phone Number', 'phone'],
    ['Mobile', 'phone'],
    ['Mobile No.', 'phone'],
    ['Contact Number', 'phone'],
    ['WhatsApp', 'phone'],
    ['WhatsApp No.', 'phone'],
    ['WhatsApp opt-in', 'whatsappOptIn'],
    ['whatsapp_opt_in', 'whatsappOptIn'],
    ['WhatsApp Consent', 'whatsappOptIn'],
    ['City', 'location'],
    ['Locality', 'location'],
    ['Budget (INR)', 'budgetInRupees'],
    ['Budget (₹)', 'budgetInRupees'],
    ['Property Type', 'interestedIn'],
    ['Requirement', 'interestedIn'],
    ['Lead Source', 'source'],
    ['Created At', 'createdAt'],
    ['Created', 'createdAt'],
    ['Date', 'createdAt'],
    ['  interested_in ', 'interestedIn'],
    ['Mobile Phone', 'phone'],
    ['Contact No.', 'phone'],
    ['Cell Phone', 'phone'],
    ['Telephone', 'phone'],
    ['Alternate Number', 'note'],
    ['Alt. Phone', 'note'],
    ['Landline', 'note'],
    ['Remarks', 'note'],
    ['Comments', 'note'],
    ['Area', 'location'],
    ['Project', 'interestedIn'],
    ['Budget Range', 'budget'],
    ['Timestamp', 'createdAt'],
    ['created_time', 'createdAt'],
  ])('reads %j as %s', (header, column) => {
    expect(importColumnOf(header)).toBe(column);
  });

  it.each(['ID', 'Favourite colour', '', 'id', 'Contact', 'Details'])('knows no column %j by its header alone', (header) => {
    expect(importColumnOf(header)).toBeUndefined();
  });
});
