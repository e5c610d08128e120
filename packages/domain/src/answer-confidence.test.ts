import { describe, expect, it } from 'vitest';
import { answerConfidence, mentionsSensitiveTopic, shouldCreateTask } from './answer-confidence';

const medium = (s: string) => s.padEnd(150, '.');

describe('answerConfidence', () => {
  it.each([
    ['Yes.', 0.5],
    ['Our pet policy allows cats.', 0.7],
    [medium('Dogs are allowed'), 0.6],
    ['Rent is due exactly on the 1st.', 0.6],
    ['The specific fee is $40.', 0.6],
    ['Maybe on Tuesday.', 0.2],
    ['I think so.', 0.2],
    [medium('Our pet policy states exactly two pets'), 0.9],
    [medium('Our policy might allow exactly two pets'), 0.6],
    ['x'.repeat(1001), 0.5],
    ['x'.repeat(100), 0.6],
    ['x'.repeat(1000), 0.6],
    ['x'.repeat(99), 0.5],
  ])('%s → %s', (text, expected) => {
    expect(answerConfidence(text)).toBe(expected);
  });

  it('counts each adjustment once and clamps to 0..1', () => {
    expect(answerConfidence('policy rules procedures guidelines terms')).toBe(0.7);
    expect(answerConfidence('maybe perhaps possibly probably')).toBe(0.2);
    expect(answerConfidence(medium('The specific policy is exactly this'))).toBe(0.9);
  });
});

describe('shouldCreateTask', () => {
  it('creates a task below 0.7', () => {
    expect(shouldCreateTask('Rent is due on the 1st.', 0.69)).toBe(true);
    expect(shouldCreateTask('Rent is due on the 1st.', 0.7)).toBe(false);
    expect(shouldCreateTask('Rent is due on the 1st.', 0.95)).toBe(false);
  });

  it.each(['legal', 'medical', 'financial', 'contract', 'Liability', 'contracts'])(
    'creates a task whenever the text mentions %s',
    (word) => {
      expect(mentionsSensitiveTopic(`Is this a ${word} question?`)).toBe(true);
      expect(shouldCreateTask(`Is this a ${word} question?`, 1)).toBe(true);
    },
  );

  it('does not match the words inside others', () => {
    expect(mentionsSensitiveTopic('paralegal contractor subcontracting')).toBe(false);
    // A doctor's appointment is an errand, not a medical question.
    expect(mentionsSensitiveTopic("How do I book the van for a doctor's appointment?")).toBe(false);
    expect(mentionsSensitiveTopic('Can we walk to the tennis court after dinner?')).toBe(false);
    expect(mentionsSensitiveTopic('Are there extra charges for a second parking pass?')).toBe(false);
    expect(mentionsSensitiveTopic('I work 12 hour shifts at the hospital, can my dog stay alone that long?')).toBe(
      false,
    );
    expect(mentionsSensitiveTopic('Who is responsible for mowing the front yard?')).toBe(false);
    expect(mentionsSensitiveTopic('Will you run a credit check on me?')).toBe(false);
    expect(mentionsSensitiveTopic('Is there an extra fee if I pay rent with my credit card?')).toBe(false);
    // Taxes a landlord passes on, a health permit, a pool's dosing pump: ordinary questions.
    expect(mentionsSensitiveTopic('When do we get the year-end true-up on CAM and taxes?')).toBe(false);
    expect(mentionsSensitiveTopic('Do I need my own county health permit to cook here?')).toBe(false);
    expect(mentionsSensitiveTopic('How many guests can I bring to the pool?')).toBe(false);
    expect(mentionsSensitiveTopic('Is there a fee to park a visitor car in the lot?')).toBe(false);
    expect(mentionsSensitiveTopic('Can I use your address for my LLC and have mail sent there?')).toBe(false);
    // Ordinary illness and bills: tray service for the flu, paying a water bill.
    expect(mentionsSensitiveTopic("I've got the flu and feel sick, can they bring food up to me?")).toBe(false);
    expect(mentionsSensitiveTopic('Who do I make the water bill payment to?')).toBe(false);
    expect(mentionsSensitiveTopic('I have a letter from my therapist for my support dog, do I pay pet rent?')).toBe(
      false,
    );
    expect(mentionsSensitiveTopic('how much for a reserved spot for our doctor?')).toBe(false);
  });

  it.each([
    'Can I withhold rent until my heat is fixed?',
    'Who is liable if a dog bites my son?',
    'Can you legally sell my belongings?',
    'I slipped and hurt my back. Who pays?',
    'Can I get a hardship extension?',
    'Should I talk to a lawyer about my deposit?',
    'Medically, should she be in assisted living or memory care?',
    'He was diagnosed with asthma last year. Is the mold making it worse?',
    'Can staff give my father his medications at night?',
    'What medicine should I take for these bites?',
    'Can the association put a lien on my house and foreclose?',
    'Should I file for bankruptcy before the sale?',
    'Should I go through my own insurance or take the garage to small claims?',
    'Our treasurer kept the money. Can we press charges against him?',
    'Can I take my landlord to court over the deposit?',
    'He got stung by a wasp and his face is swelling up. Should I give him Benadryl or drive him to the ER?',
    'My mother was hospitalized, can I pay rent late this month?',
    'My unit was broken into. Is Cedar Point responsible for what was stolen?',
    'The gate arm hit my car. Will you pay for the damage?',
    'Is it better for my credit to pay the fee or just stop paying and let them evict me?',
    'Will paying late hurt my credit?',
    'Should our bakery be an LLC or a sole proprietorship before we sign?',
    'Can I write off the storage unit on my taxes?',
    'Should I take the down payment out of my 401k?',
    'Will Medicaid cover her room if her savings run out?',
    'Do we have tenant rights under state law after six months on a monthly site?',
    'My roommate moved out. Am I on the hook for her share?',
    "I'm pregnant, is the paint smell safe for me to breathe?",
    'How much bute should I give my horse for a swollen knee?',
    'The mold is giving me headaches, is it hurting my health?',
    'There is mold in the bathroom and my daughter keeps coughing. Could it be making her sick?',
    'My son has asthma and the carpet smells musty, should we move?',
    'My doctor says I should not climb stairs anymore. What should I do?',
    'If I fall on the ice out front, will you cover my hospital bills?',
    'Can I hold back my rent until the repair is done?',
    'The leak from upstairs ruined my rug. Can I make the neighbor above me pay for it?',
  ])('reads "%s" as sensitive', (question) => {
    expect(mentionsSensitiveTopic(question)).toBe(true);
  });
});

describe('mentionsSensitiveTopic: a loss someone else caused, and who bears it', () => {
  it('reads "is the landlord responsible for paying for it?" after a theft as liability', () => {
    expect(
      mentionsSensitiveTopic(
        'Someone smashed my car window in your lot and took my laptop. Is Osterly Flats responsible for paying for it?',
      ),
    ).toBe(true);
    expect(mentionsSensitiveTopic('Our unit was broken into last night, will you cover the stolen tools?')).toBe(true);
  });

  it('leaves either alone ordinary', () => {
    expect(mentionsSensitiveTopic('someone broke into my car on level 4. can i get the camera footage?')).toBe(false);
    expect(mentionsSensitiveTopic('who pays for the carpet cleaning when I move out?')).toBe(false);
  });
});
