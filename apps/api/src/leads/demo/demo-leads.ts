/** The demo leads `pnpm start` loads into an empty database (DEMO_DATA=false turns it off). */
export interface DemoLead {
  name: string;
  phone: string;
  location: string;
  interestedIn: string;
  budget: number | string;
  timeline: string;
  loanNeeded: boolean;
  qualified: boolean;
  source: 'voice bot' | 'chat bot' | 'web form';
}

export const DEMO_LEADS: DemoLead[] = [
  { name: 'Aarav Sharma', phone: '+919876543210', location: 'Mumbai', interestedIn: '3 BHK Apartment', budget: 18500000, timeline: '3 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Priya Iyer', phone: '+919845012345', location: 'Bengaluru', interestedIn: 'Villa', budget: '2.5 Cr', timeline: '6 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Rohan Mehta', phone: '+919820198765', location: 'Pune', interestedIn: '2 BHK Apartment', budget: 7500000, timeline: '1 month', loanNeeded: false, qualified: true, source: 'web form' },
  { name: 'Ananya Reddy', phone: '+919849123456', location: 'Hyderabad', interestedIn: 'Plot', budget: '60 Lakh', timeline: '1 year', loanNeeded: false, qualified: false, source: 'chat bot' },
  { name: 'Vikram Singh', phone: '+919811234567', location: 'Gurugram', interestedIn: 'Commercial Office', budget: 42000000, timeline: '3 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Kavya Nair', phone: '+919847765432', location: 'Kochi', interestedIn: '2 BHK Apartment', budget: '55 Lakh', timeline: 'Just exploring', loanNeeded: true, qualified: false, source: 'voice bot' },
  { name: 'Arjun Patel', phone: '+919825012345', location: 'Ahmedabad', interestedIn: 'Villa', budget: 21000000, timeline: '6 months', loanNeeded: false, qualified: true, source: 'web form' },
  { name: 'Sneha Kulkarni', phone: '+919822345678', location: 'Pune', interestedIn: '1 BHK Apartment', budget: 4200000, timeline: '2 months', loanNeeded: true, qualified: false, source: 'chat bot' },
  { name: 'Rahul Verma', phone: '+919810987654', location: 'Noida', interestedIn: '3 BHK Apartment', budget: '1.1 Cr', timeline: '4 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Ishita Banerjee', phone: '+919830123456', location: 'Kolkata', interestedIn: '2 BHK Apartment', budget: 6800000, timeline: '1 year', loanNeeded: true, qualified: false, source: 'voice bot' },
  { name: 'Karthik Subramanian', phone: '+919840234567', location: 'Chennai', interestedIn: 'Villa', budget: '3 Cr', timeline: '8 months', loanNeeded: false, qualified: true, source: 'web form' },
  { name: 'Meera Joshi', phone: '+919823456789', location: 'Nashik', interestedIn: 'Plot', budget: 3500000, timeline: 'Just exploring', loanNeeded: false, qualified: false, source: 'chat bot' },
  { name: 'Aditya Rao', phone: '+919880345678', location: 'Mysuru', interestedIn: 'Plot', budget: '80 Lakh', timeline: '5 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Neha Gupta', phone: '+919899456789', location: 'New Delhi', interestedIn: '4 BHK Apartment', budget: 35000000, timeline: '3 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Siddharth Malhotra', phone: '+919815567890', location: 'Chandigarh', interestedIn: 'Villa', budget: '1.8 Cr', timeline: '1 year', loanNeeded: true, qualified: false, source: 'web form' },
  { name: 'Pooja Desai', phone: '+919824678901', location: 'Surat', interestedIn: 'Commercial Shop', budget: 9500000, timeline: '2 months', loanNeeded: false, qualified: true, source: 'voice bot' },
  { name: 'Manish Agarwal', phone: '+919829789012', location: 'Jaipur', interestedIn: '3 BHK Apartment', budget: '95 Lakh', timeline: '6 months', loanNeeded: true, qualified: false, source: 'chat bot' },
  { name: 'Divya Menon', phone: '+919846890123', location: 'Thiruvananthapuram', interestedIn: 'Villa', budget: 15000000, timeline: '9 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Harsh Vardhan', phone: '+919837901234', location: 'Lucknow', interestedIn: '2 BHK Apartment', budget: '48 Lakh', timeline: 'Just exploring', loanNeeded: true, qualified: false, source: 'voice bot' },
  { name: 'Shruti Hegde', phone: '+919886012345', location: 'Bengaluru', interestedIn: '3 BHK Apartment', budget: 13500000, timeline: '2 months', loanNeeded: true, qualified: true, source: 'web form' },
  { name: 'Nikhil Jain', phone: '+919414123456', location: 'Udaipur', interestedIn: 'Plot', budget: '45 Lakh', timeline: '1 year', loanNeeded: false, qualified: false, source: 'chat bot' },
  { name: 'Tanvi Shah', phone: '+919879234567', location: 'Vadodara', interestedIn: '2 BHK Apartment', budget: 5200000, timeline: '3 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Abhishek Mishra', phone: '+919935345678', location: 'Varanasi', interestedIn: 'Commercial Shop', budget: '1.2 Cr', timeline: '6 months', loanNeeded: true, qualified: false, source: 'voice bot' },
  { name: 'Lakshmi Venkatesh', phone: '+919841456789', location: 'Chennai', interestedIn: '3 BHK Apartment', budget: 11000000, timeline: '4 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Yash Chopra', phone: '+919872567890', location: 'Ludhiana', interestedIn: 'Villa', budget: '2.2 Cr', timeline: '1 year', loanNeeded: false, qualified: false, source: 'web form' },
  { name: 'Riya Kapoor', phone: '+919818678901', location: 'Gurugram', interestedIn: '3 BHK Apartment', budget: 16500000, timeline: '2 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Sandeep Yadav', phone: '+919450789012', location: 'Kanpur', interestedIn: 'Plot', budget: '30 Lakh', timeline: 'Just exploring', loanNeeded: true, qualified: false, source: 'chat bot' },
  { name: 'Anjali Pillai', phone: '+919895890123', location: 'Kochi', interestedIn: 'Villa', budget: 24000000, timeline: '5 months', loanNeeded: false, qualified: true, source: 'voice bot' },
  { name: 'Gaurav Bhatia', phone: '+919811901234', location: 'Faridabad', interestedIn: '2 BHK Apartment', budget: '62 Lakh', timeline: '3 months', loanNeeded: true, qualified: false, source: 'voice bot' },
  { name: 'Nandini Krishnan', phone: '+919444012345', location: 'Coimbatore', interestedIn: 'Plot', budget: 9000000, timeline: '7 months', loanNeeded: false, qualified: true, source: 'web form' },
  { name: 'Varun Saxena', phone: '+919826123450', location: 'Indore', interestedIn: 'Commercial Office', budget: '2.8 Cr', timeline: '6 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Pallavi Deshmukh', phone: '+919850234561', location: 'Nagpur', interestedIn: '2 BHK Apartment', budget: 4900000, timeline: '1 year', loanNeeded: true, qualified: false, source: 'chat bot' },
  { name: 'Rajesh Khanna', phone: '+919820345672', location: 'Navi Mumbai', interestedIn: '3 BHK Apartment', budget: '1.45 Cr', timeline: '2 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Sanya Arora', phone: '+919810456783', location: 'New Delhi', interestedIn: 'Villa', budget: 52000000, timeline: '1 year', loanNeeded: false, qualified: false, source: 'voice bot' },
  { name: 'Mohit Tiwari', phone: '+919425567894', location: 'Bhopal', interestedIn: 'Plot', budget: '25 Lakh', timeline: '3 months', loanNeeded: true, qualified: false, source: 'web form' },
  { name: 'Aishwarya Gowda', phone: '+919845678905', location: 'Bengaluru', interestedIn: 'Commercial Shop', budget: 17500000, timeline: '4 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Kunal Sethi', phone: '+919815789016', location: 'Amritsar', interestedIn: '2 BHK Apartment', budget: '58 Lakh', timeline: 'Just exploring', loanNeeded: true, qualified: false, source: 'chat bot' },
  { name: 'Deepika Choudhary', phone: '+919829890127', location: 'Jaipur', interestedIn: 'Villa', budget: 19500000, timeline: '6 months', loanNeeded: true, qualified: true, source: 'voice bot' },
  { name: 'Amitabh Das', phone: '+919831901238', location: 'Kolkata', interestedIn: '3 BHK Apartment', budget: '1.05 Cr', timeline: '5 months', loanNeeded: true, qualified: false, source: 'voice bot' },
  { name: 'Swati Naidu', phone: '+919848012349', location: 'Visakhapatnam', interestedIn: '2 BHK Apartment', budget: 6100000, timeline: '2 months', loanNeeded: false, qualified: true, source: 'web form' },
];
