import { stripFiller, tidy } from './title';
import { rules } from './test-fixture';

const parts = (input: string) => {
  const r = rules(input);
  return [r.title, r.description];
};

describe('title clean-up', () => {
  it.each([
    ['remind me to send the proposal next thursday', 'Send the proposal'],
    ['I need to call the bank tomorrow', 'Call the bank'],
    ["Don't forget to water the plants tonight", 'Water the plants'],
    ['uh can you add a task to renew the contract on the 25th', 'Renew the contract'],
    ['hey so please call Bob', 'Call Bob'],
    ['Call Acme tomorrow at 3pm about the invoice, urgent, 30 minutes', 'Call Acme about the invoice'],
    ['Invoice due the 11th', 'Invoice'],
    ['🚀 Launch landing page tomorrow 🎉', '🚀 Launch landing page 🎉'],
    ['Lorem Ipsum 27/07/2021,', 'Lorem Ipsum'],
    ['Send the deck by Friday at the latest', 'Send the deck'],
  ])('%s', (input, title) => {
    expect(parts(input)).toEqual([title, '']);
  });

  it('keeps numbers that are not fields, unknown markup, non-Latin text', () => {
    expect(parts('Buy 2 tickets @label +Hooli')).toEqual(['Buy 2 tickets @label +Hooli', '']);
    expect(parts('株式会社ナカムラに電話する')).toEqual(['株式会社ナカムラに電話する', '']);
  });
});

describe('a title starts with a capital, the rest as typed (docs/usage.md)', () => {
  it.each([
    ['buy milk', 'Buy milk'],
    ['buy milk tomorrow', 'Buy milk'],
    ['call Bob about the eBay order', 'Call Bob about the eBay order'],
    ['fix the API timeout !1', 'Fix the API timeout'],
    ['"buy milk tomorrow !2"', 'Buy milk tomorrow !2'],
    ['tomorrow at 3pm', 'Tomorrow at 3pm'],
    ['ünterlagen senden', 'Ünterlagen senden'],
    ['Buy milk', 'Buy milk'],
    ['2-hour induction for the new starters', '2-hour induction for the new starters'],
    // A first word with a capital inside or written as an address keeps its spelling.
    ['iPhone screen repair', 'iPhone screen repair'],
    ['eBay listing for the desk', 'eBay listing for the desk'],
    ['www.acme.com renewal', 'www.acme.com renewal'],
  ])('%s', (input, title) => {
    expect(rules(input).title).toBe(title);
  });
});

describe('leading filler (RULES §1)', () => {
  it.each([
    ['remind me to book the court reporter', 'Book the court reporter'],
    ['I need to file the lien waiver', 'File the lien waiver'],
    ['need to reorder the exam gloves', 'Reorder the exam gloves'],
    ['I have to sign the closing docs', 'Sign the closing docs'],
    ['I gotta measure the kitchen for the Patels', 'Measure the kitchen for the Patels'],
    ["don't forget to send the intake packet", 'Send the intake packet'],
    ['can you add a task to order grout', 'Order grout'],
    ['could you email the landlord about the lease', 'Email the landlord about the lease'],
    ['note to self: update the retainer template', 'Update the retainer template'],
    ['note to self renew the bar membership', 'Renew the bar membership'],
    ['okay so call the adjuster back', 'Call the adjuster back'],
    ['ok so print the binder', 'Print the binder'],
    ['so yeah send the mood board', 'Send the mood board'],
    ['um update the session notes', 'Update the session notes'],
    ['uh chase the deposit', 'Chase the deposit'],
    ['hey so reschedule the consult', 'Reschedule the consult'],
    ['please scan the signed lease', 'Scan the signed lease'],
    ['Alright, um, I need to call the vet', 'Call the vet'],
    ['hey, could you please remind me to renew the insurance', 'Renew the insurance'],
    ['So call the plumber', 'Call the plumber'],
    ['yeah I gotta renew the passport, thanks', 'Renew the passport'],
  ])('%s', (input, title) => {
    expect(parts(input)).toEqual([title, '']);
  });

  it('is also removed when a date or time phrase splits it', () => {
    expect(rules('remind me at noon to call the title company')).toMatchObject({ title: 'Call the title company', dueTime: '12:00' });
    expect(rules('Remind me tomorrow that I have to sign the change order')).toMatchObject({ title: 'Sign the change order', dueDate: '2025-03-12' });
    expect(rules('I need to, by Friday, file the lien waiver')).toMatchObject({ title: 'File the lien waiver', dueDate: '2025-03-14' });
  });

  it('leaves words that only look like filler', () => {
    expect(parts('So much to do: clean the garage')).toEqual(['So much to do', 'clean the garage']);
    expect(parts('well pump repair')).toEqual(['Well pump repair', '']);
    expect(parts('Right-size the database cluster')).toEqual(['Right-size the database cluster', '']);
    expect(parts('OK the invoice from the roofer')).toEqual(['OK the invoice from the roofer', '']);
    expect(stripFiller('Please')).toEqual({ text: 'Please', stripped: false });
  });

  it('tidies what removed fields leave behind', () => {
    expect(tidy(' , Call Bob ( ) - ')).toBe('Call Bob');
    expect(tidy('Call Bob , about the quote ;')).toBe('Call Bob, about the quote');
  });
});

describe('description', () => {
  it('splits after a separator or the first sentence', () => {
    expect(parts('Fix login bug: users on Safari get logged out after 5 minutes')).toEqual(['Fix login bug', 'users on Safari get logged out after 5 minutes']);
    expect(parts('Call Acme. They want to move the meeting')).toEqual(['Call Acme', 'They want to move the meeting']);
    expect(parts('Sync with Globex — agenda: budget, hiring')).toEqual(['Sync with Globex', 'agenda: budget, hiring']);
    expect(parts('Call the accountant - ask about the depreciation schedule')).toEqual(['Call the accountant', 'ask about the depreciation schedule']);
  });

  it.each([
    'Email Dr. Okafor about the MRI results',
    'Re: the Patel lease, send comments to the landlord',
    'FW: invoice 4471 needs approval',
    'Order paper from Staples Inc. for the front desk',
    "Compare quotes, e.g. Home Depot vs. Lowe's, for the deck job",
    'Order approx. 40 sq ft of tile',
    'Meet Mr. Alvarez at St. Mary’s about the fundraiser',
  ])('no separator in: %s', (input) => {
    expect(parts(input)).toEqual([input, '']);
  });

  it('does not split after a leading marker', () => {
    expect(parts('URGENT: fix the outage')).toEqual(['Fix the outage', '']);
    expect(parts('Important - renew the cert')).toEqual(['Renew the cert', '']);
    expect(parts('Note to self - the wire has not arrived')).toEqual(['The wire has not arrived', '']);
    expect(rules('Every other Friday: payroll review')).toMatchObject({ title: 'Payroll review', description: '', isRecurring: true });
  });

  it('never takes fields from the description', () => {
    const r = rules('Globex renewal call tomorrow at 11: confirm seat count by Friday, 30 minutes');
    expect(r).toMatchObject({ title: 'Globex renewal call', dueDate: '2025-03-12', dueTime: '11:00', estimatedTime: null });
    expect(r.description).toBe('confirm seat count by Friday, 30 minutes');
    expect(rules('Submit the timesheet. Due by 5pm Friday')).toMatchObject({ title: 'Submit the timesheet', description: 'Due by 5pm Friday', dueDate: null, dueTime: null });
  });

  it('reads a segment of fields alone as fields, not as a description', () => {
    expect(rules('Draft the lease - 1–2h')).toMatchObject({ title: 'Draft the lease', description: '', estimatedTime: '2h' });
  });
});

describe('quotes', () => {
  it('takes a wholly quoted input literally', () => {
    expect(rules("'buy milk tomorrow !2 +Acme'")).toMatchObject({ title: 'Buy milk tomorrow !2 +Acme', dueDate: null, priority: 'medium', clientName: null });
    expect(rules('“Pay Acme tomorrow”')).toMatchObject({ title: 'Pay Acme tomorrow', dueDate: null, clientName: null });
    expect(rules("'Fix the 2 hour timeout bug'")).toMatchObject({ title: 'Fix the 2 hour timeout bug', estimatedTime: null });
  });

  it('keeps a quoted part and parses the rest', () => {
    expect(rules('delete "mails from Friday" today')).toMatchObject({ title: 'Delete "mails from Friday"', dueDate: '2025-03-11' });
    expect(rules("Buy 2 tickets for Sunday's match")).toMatchObject({ title: "Buy 2 tickets for Sunday's match", dueDate: null });
    expect(rules("Order 'Urgent' stamps for Initech")).toMatchObject({ priority: 'medium', clientName: 'Initech' });
  });

  it('reads an unbalanced quote as an ordinary character', () => {
    expect(rules('Cut the 12" tile samples tomorrow')).toMatchObject({ title: 'Cut the 12" tile samples', dueDate: '2025-03-12' });
  });
});

describe('not dates: names and noun phrases stay in the title', () => {
  it.each([
    'Read The 9/11 Report',
    'Paint the 2nd Floor bathroom',
    'Book the 13th floor conference room',
    'Prepare the 24/7 support rota',
    'Draft the May report',
    "Confirm seating for Saturday's gala",
    'Email Mr. Friday about the invoice',
    'Cancel the Monday.com trial seats',
    'Release v1.1.1 of the portal',
    'Read section 1.2 of the contract',
    'Plan Q2 with the team',
    'Archive 2019 tax files',
    'Photograph saturn',
  ])('%s', (input) => {
    expect(rules(input)).toMatchObject({ title: input, dueDate: null, dueTime: null });
  });

  it('reads a weekday before a noun in mid-sentence as part of the noun phrase ("monday meeting")', () => {
    expect(rules('prepare slides for monday meeting low priority')).toMatchObject({ title: 'Prepare slides for monday meeting', priority: 'low', dueDate: null });
    // … but a weekday said first, or after on/by/due, is a date.
    expect(rules('Monday call the bank')).toMatchObject({ title: 'Call the bank', dueDate: '2025-03-17' });
    expect(rules('Call Bob friday about the invoice')).toMatchObject({ title: 'Call Bob about the invoice', dueDate: '2025-03-14' });
  });
});

describe('a lower-case sentence after a full stop', () => {
  it('is the description', () => {
    expect(parts('call the insurer. the adjuster was away for a week')).toEqual(['Call the insurer', 'the adjuster was away for a week']);
    expect(parts('Reprint the flyers. the first batch came out blurry')).toEqual(['Reprint the flyers', 'the first batch came out blurry']);
  });

  it('does not start after an abbreviation or an ellipsis', () => {
    expect(parts('order misc. stationery for reception')).toEqual(['Order misc. stationery for reception', '']);
    expect(parts('book an appt. with the physio')).toEqual(['Book an appt. with the physio', '']);
    expect(parts('ring the garage... maybe they have the part')).toEqual(['Ring the garage... maybe they have the part', '']);
  });
});
