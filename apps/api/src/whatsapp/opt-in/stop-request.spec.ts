import { isStopRequest, normalisedRequest, STOP_REQUESTS } from './stop-request';

describe('isStopRequest', () => {
  it('reads STOP however it is typed', () => {
    for (const text of ['STOP', 'stop', ' Stop! ', 'STOP 🙏', 'Unsubscribe.', 'opt-out', 'Stop Promotions']) expect(isStopRequest(text)).toBe(true);
  });

  it('reads the Hindi requests, in Devanagari and in Latin letters', () => {
    for (const text of ['बंद करो', 'बंद करो।', 'रोकें', 'मत भेजो', 'band karo', 'Band Karo!!', 'ROKO', 'mat bhejo']) expect(isStopRequest(text)).toBe(true);
  });

  it('takes a message that is more than the request for what it says', () => {
    for (const text of ['stop by the site tomorrow?', 'Please do not stop sending updates', 'बंद फ्लैट चाहिए', 'Is it band 2 or 3 BHK', '']) expect(isStopRequest(text)).toBe(false);
    expect(isStopRequest(null)).toBe(false);
  });

  it('lists every request as it reads once normalised, so none is unreachable', () => {
    for (const request of STOP_REQUESTS) expect(normalisedRequest(request)).toBe(request);
  });
});
