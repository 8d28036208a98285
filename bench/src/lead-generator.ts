import { randomUUID } from 'node:crypto';

const FIRST = ['Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Krishna', 'Ishaan', 'Rohan', 'Ananya', 'Diya', 'Priya', 'Kavya', 'Saanvi', 'Meera', 'Isha', 'Neha', 'Pooja', 'Riya', 'Rahul', 'Vikram', 'Karthik', 'Siddharth', 'Lakshmi', 'Divya', 'Sneha', 'Nikhil', 'Manish', 'Deepika'];
const LAST = ['Sharma', 'Verma', 'Iyer', 'Reddy', 'Nair', 'Patel', 'Mehta', 'Singh', 'Kulkarni', 'Joshi', 'Rao', 'Gupta', 'Menon', 'Das', 'Banerjee', 'Chopra', 'Kapoor', 'Agarwal', 'Pillai', 'Desai'];
const CITIES = ['Mumbai', 'Pune', 'Bengaluru', 'Hyderabad', 'Chennai', 'New Delhi', 'Gurugram', 'Noida', 'Kolkata', 'Ahmedabad', 'Jaipur', 'Kochi', 'Lucknow', 'Indore', 'Chandigarh', 'Nagpur'];
const INTERESTS = ['2 BHK Apartment', '3 BHK Apartment', 'Villa', 'Plot', 'Commercial Office', 'Commercial Shop'];
const TIMELINES = ['1 month', '3 months', '6 months', '1 year', 'Just exploring'];
const SOURCES = ['voice bot', 'voice bot', 'chat bot', 'web form'];

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

/** Lead number `i` of a data set: deterministic, realistic, a third of them qualified, spread over a year. */
export function generatedLead(i: number, now: number): GeneratedLead {
  const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
  const budgetLakh = 20 + ((i * 37) % 480);
  return {
    id: randomUUID(),
    name,
    email: `${name.toLowerCase().replace(' ', '.')}.${i}@example.in`,
    phone: `+919${String(100_000_000 + i).slice(-9)}`,
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
