import { chatResultOf, UNKNOWN_VISITOR } from './chat-result';
import { chatTurnsOf } from './chat-transcript';
import { vapiSessionSchema } from './vapi-session';

const reading = { phoneRegion: 'IN', qualifiedFrom: 'explicit' } as const;
const session = (parts: Record<string, unknown>) => vapiSessionSchema.parse({ id: 'session-1', status: 'completed', ...parts });

describe('chatTurnsOf', () => {
  it('reads who said what from the artifact, with the time each was said', () => {
    const turns = chatTurnsOf(
      session({
        artifact: {
          messages: [
            { role: 'system', message: 'You are Riya', time: 1, secondsFromStart: 0 },
            { role: 'user', message: ' Namaste ', time: Date.UTC(2026, 10, 28, 5), endTime: 0, secondsFromStart: 0 },
            { role: 'bot', message: 'Namaste! How can I help?', time: Date.UTC(2026, 10, 28, 5, 0, 2), endTime: 0, secondsFromStart: 2 },
          ],
        },
      }),
    );
    expect(turns).toEqual([
      { role: 'visitor', text: 'Namaste', at: '2026-11-28T05:00:00.000Z' },
      { role: 'agent', text: 'Namaste! How can I help?', at: '2026-11-28T05:00:02.000Z' },
    ]);
  });

  it('falls back on the session’s own messages, in OpenAI’s format too, leaving out tools and empty ones', () => {
    const turns = chatTurnsOf(
      session({
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Flats in Baner?' }] },
          { role: 'assistant', content: '' },
          { role: 'tool', content: '{"results":[]}', tool_call_id: 't-1' },
          { role: 'assistant', content: 'Two are available.' },
        ],
      }),
    );
    expect(turns).toEqual([
      { role: 'visitor', text: 'Flats in Baner?', at: null },
      { role: 'agent', text: 'Two are available.', at: null },
    ]);
  });
});

describe('chatResultOf', () => {
  const said = (...lines: string[]) => ({ messages: lines.map((message, i) => ({ role: i % 2 ? 'bot' : 'user', message, time: i, endTime: i, secondsFromStart: i })) });

  it('reads the lead from the structured outputs as a call report is read, and what the visitor asked about being contacted', () => {
    const result = chatResultOf(
      session({
        artifact: {
          ...said('I am Aarav, 98450 12345', 'Thanks!', 'Yes, call me tomorrow'),
          structuredOutputs: { 'output-1': { name: 'Lead Desk lead', result: { name: 'Aarav Sharma', phone: '98450 12345', budget: '85 Lakh', qualified: true, consentToContact: true } } },
        },
      }),
      reading,
    );
    expect(result.lead).toEqual({
      fields: { name: 'Aarav Sharma', phone: '+919845012345', budget: '85 Lakh', qualified: true },
      source: 'chat bot',
      sourceId: null,
      nameUnknown: false,
    });
    expect(result.requests).toMatchObject({ consentToContact: true, consentLines: ['Yes, call me tomorrow'] });
  });

  it('gives no name and no judgement of its own when the chat made none, so a known lead keeps its own', () => {
    const result = chatResultOf(session({ customer: { number: '+919845012399' }, artifact: said('Just looking') }), reading);
    expect(result.lead.fields).toEqual({ name: UNKNOWN_VISITOR, phone: '+919845012399' });
    expect(result.lead.nameUnknown).toBe(true);
  });
});
