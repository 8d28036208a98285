import { answerInWords, questionInWords } from './meta-slugs';

describe('answerInWords', () => {
  it.each([
    ['50_lakh_-_1_cr', '50 Lakh - 1 Cr'],
    ['1_cr_+', '1 Cr +'],
    ['under_50_lakh', 'Under 50 Lakh'],
    ['3_bhk', '3 BHK'],
    ['ready_to_move', 'Ready To Move'],
    ['within_3_months', 'Within 3 Months'],
    ['carnatic_music', 'Carnatic Music'],
  ])('reads %j as %j', (slug, words) => {
    expect(answerInWords(slug)).toBe(words);
  });

  it.each(['Whitefield', "Bachelor's degree", 'yes', 'asha_rao@example.in', 'Sarjapur Road', 'ALL_CAPS_CODE', ''])('leaves %j as written', (text) => {
    expect(answerInWords(text)).toBe(text);
  });
});

describe('questionInWords', () => {
  it.each([
    ['what_is_your_budget?', 'What is your budget?'],
    ['when_do_you_plan_to_buy?', 'When do you plan to buy?'],
    ['preferred_location', 'Preferred location'],
    ['Lead Score', 'Lead Score'],
  ])('reads %j as %j', (header, sentence) => {
    expect(questionInWords(header)).toBe(sentence);
  });
});
