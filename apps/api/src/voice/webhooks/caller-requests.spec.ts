import { callerLinesFor, callerRequestsOf } from './caller-requests';
import type { EndOfCallReport } from './vapi-message';

const report = (parts: Partial<EndOfCallReport>): EndOfCallReport => ({ type: 'end-of-call-report', call: { id: 'c1' }, ...parts }) as EndOfCallReport;

describe('callerRequestsOf', () => {
  it('reads the requests from a named output, an object output or the analysis, as booleans or words', () => {
    expect(callerRequestsOf(report({ artifact: { structuredOutputs: { a: { name: 'Consent to contact', result: 'yes' } } } }))).toMatchObject({ consentToContact: true, doNotCall: undefined });
    expect(callerRequestsOf(report({ artifact: { structuredOutputs: { a: { name: 'Lead Desk lead', result: { do_not_call: true } } } } }))).toMatchObject({ doNotCall: true });
    expect(callerRequestsOf(report({ analysis: { structuredData: { consentToContact: false } } }))).toMatchObject({ consentToContact: false });
    expect(callerRequestsOf(report({ analysis: { structuredData: { consentToContact: 'maybe' } } }))).toMatchObject({ consentToContact: undefined });
  });

  it('reads the WhatsApp opt-in alike, and keeps the caller’s lines of agreeing for a yes and of refusing for a no', () => {
    const transcript = "AI: May we also send you details on WhatsApp?\nUser: Haan, theek hai.\nUser: But don't send too many.";
    expect(callerRequestsOf(report({ artifact: { transcript, structuredOutputs: { a: { name: 'Lead Desk lead', result: { whatsapp_opt_in: true } } } } }))).toMatchObject({
      whatsappOptIn: true,
      whatsappOptInLines: ['Haan, theek hai.'],
    });
    expect(callerRequestsOf(report({ artifact: { transcript, structuredOutputs: { a: { name: 'WhatsApp opt-in', result: 'no' } } } }))).toMatchObject({
      whatsappOptIn: false,
      whatsappOptInLines: ["But don't send too many."],
    });
    expect(callerRequestsOf(report({ analysis: { structuredData: { consentToContact: true } } }))).toMatchObject({ whatsappOptIn: undefined });
  });

  it('takes the caller’s lines from the messages, else from the transcript’s User lines', () => {
    const fromTranscript = callerRequestsOf(report({ artifact: { transcript: 'AI: Shall we call you?\nUser: Haan, call kar dena.\nUser: Bye' } }));
    expect(fromTranscript.consentLines).toEqual(['Haan, call kar dena.']);
    const fromMessages = callerRequestsOf(
      report({ artifact: { transcript: 'User: ignored', messages: [{ role: 'bot', message: 'Yes?' }, { role: 'user', message: 'Mujhe call mat karna.' }] } }),
    );
    expect(fromMessages.doNotCallLines).toEqual(['Mujhe call mat karna.']);
  });

  it('keeps the caller’s last three lines when none has the words', () => {
    expect(callerLinesFor(['one', 'two', 'three', 'four'], /never/)).toEqual(['two', 'three', 'four']);
  });
});
