import { randomUUID } from 'node:crypto';

const FIRST = ['Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Krishna', 'Ishaan', 'Rohan', 'Ananya', 'Diya', 'Priya', 'Kavya', 'Saanvi', 'Meera', 'Isha', 'Neha', 'Pooja', 'Riya', 'Rahul', 'Vikram', 'Karthik', 'Siddharth', 'Lakshmi', 'Divya', 'Sneha', 'Nikhil', 'Manish', 'Deepika'];
const LAST = ['Sharma', 'Verma', 'Iyer', 'Reddy', 'Nair', 'Patel', 'Mehta', 'Singh', 'Kulkarni', 'Joshi', 'Rao', 'Gupta', 'Menon', 'Das', 'Banerjee', 'Chopra', 'Kapoor', 'Agarwal', 'Pillai', 'Desai'];
const CITIES = ['Mumbai', 'Pune', 'Bengaluru', 'Hyderabad', 'Chennai', 'New Delhi', 'Gurugram', 'Noida', 'Kolkata', 'Ahmedabad', 'Jaipur', 'Kochi', 'Lucknow', 'Indore', 'Chandigarh', 'Nagpur'];
const INTERESTS = ['2 BHK Apartment', '3 BHK Apartment', 'Villa', 'Plot', 'Commercial Office', 'Commercial Shop'];
const TIMELINES = ['1 month', '3 months', '6 months', '1 year', 'Just exploring'];
const SOURCES = ['voice bot', 'voice bot', 'chat bot', 'web form'];
const ENDED_REASONS = ['customer-ended-call', 'assistant-ended-call', 'silence-timed-out', 'customer-did-not-answer'];
const CALL_TYPES = ['webCall', 'inboundPhoneCall', 'outboundPhoneCall'];

export interface GeneratedLead {
  id: string;
  name: string;
  email: string;
  phone: string;
  location: string;
  qualified: boolean;
  source: string;
  interestedIn: string;
  budgetAmount: number | null;
  budgetText: string | null;
  timeline: string;
  loanNeeded: boolean;
  createdAt: Date;
}

export interface GeneratedCall {
  id: string;
  vapiCallId: string;
  leadId: string;
  type: string;
  status: string;
  endedReason: string;
  customerNumber: string;
  startedAt: Date;
  endedAt: Date;
  durationSeconds: number;
  cost: number;
  summary: string;
  transcript: string;
  recordingUrl: string;
  structuredData: string;
  createdAt: Date;
}

/** Lead number `i` of a data set: deterministic, realistic, a third of them qualified, spread over a year. */
export function generatedLead(i: number, now: number): GeneratedLead {
  const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
  const budgetLakh = 20 + ((i * 37) % 480);
  return {
    id: randomUUID(),
    name,
    email: `${name.toLowerCase().replace(' ', '.')}.${i}@example.in`,
    phone: generatedPhone(i),
    location: CITIES[(i * 7) % CITIES.length],
    qualified: i % 3 === 0,
    source: SOURCES[i % SOURCES.length],
    interestedIn: INTERESTS[i % INTERESTS.length],
    budgetAmount: i % 2 === 0 ? budgetLakh * 100_000 : null,
    budgetText: i % 2 === 0 ? null : `${budgetLakh} Lakh`,
    timeline: TIMELINES[i % TIMELINES.length],
    loanNeeded: i % 4 !== 0,
    // Newest first by index, about 30 s apart on average across a year at 1M leads.
    createdAt: new Date(now - i * 31_000 - (i % 997)),
  };
}

/** The phone number of generated lead `i` (E.164, as the API stores it). */
export function generatedPhone(i: number): string {
  return `+919${String(100_000_000 + i).slice(-9)}`;
}

/** Every fourth lead (all of them voice-bot leads) talked to the agent: the call that created it. */
export function generatedCall(i: number, lead: GeneratedLead): GeneratedCall | null {
  if (i % 4 !== 0) return null;
  const durationSeconds = 45 + ((i * 13) % 600);
  const endedAt = new Date(lead.createdAt.getTime() - 5_000);
  return {
    id: randomUUID(),
    vapiCallId: randomUUID(),
    leadId: lead.id,
    type: CALL_TYPES[i % CALL_TYPES.length],
    status: 'ended',
    endedReason: ENDED_REASONS[i % ENDED_REASONS.length],
    customerNumber: lead.phone,
    startedAt: new Date(endedAt.getTime() - durationSeconds * 1000),
    endedAt,
    durationSeconds,
    cost: Math.round(durationSeconds * 0.35) / 100,
    summary: `${lead.name} is looking for a ${lead.interestedIn} in ${lead.location}, timeline ${lead.timeline}.`,
    transcript: `AI: Namaste, this is the Lead Desk assistant. How can I help?\nUser: Hi, I am ${lead.name}. I want a ${lead.interestedIn} in ${lead.location}.\nAI: What budget do you have in mind?\nUser: Around ${lead.budgetText ?? `${lead.budgetAmount} rupees`}.`,
    recordingUrl: `https://storage.vapi.ai/recordings/${i}.wav`,
    structuredData: JSON.stringify({ name: lead.name, email: lead.email, phone: lead.phone, location: lead.location, interestedIn: lead.interestedIn, qualified: lead.qualified }),
    createdAt: endedAt,
  };
}
