import type { FakeVapiServer } from '@lead-desk/test-support';

/** An API process whose agent calls every new lead at once, at any hour, through the fake Vapi. */
export function agentCallsEnv(vapi: FakeVapiServer): Record<string, string> {
  return {
    VAPI_API_URL: vapi.url,
    VAPI_PRIVATE_KEY: 'private-key',
    VAPI_ASSISTANT_ID: 'assistant-1',
    VAPI_PHONE_NUMBER_ID: 'phone-number-1',
    CALLING_HOURS: '00:00-24:00',
    AUTO_CALLBACK: 'true',
    AUTO_CALLBACK_DELAY_SECONDS: '0',
  };
}
