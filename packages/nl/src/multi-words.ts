/**
 * Words that decide where one task ends and the next begins in an utterance (RULES.md §8). Lower case;
 * compared with lower-cased tokens.
 */

const set = (text: string) => new Set(text.split(/\s+/u).filter(Boolean));

/**
 * Verbs that open a task ("book flights", "call Grandma"): after a comma or a connector, one of these
 * with its own object starts a new task (§8.1). Base forms only, so plural nouns ("copies", "comments")
 * never read as verbs.
 */
export const ACTION_VERBS = set(`
  accept add address answer apply approve archive arrange ask assemble attend audit back bake bathe bill
  block book borrow brief bring brainstorm browse buy calculate call cancel catch chase charge check choose
  circulate clean clear close collect compare compile complete configure confirm contact cook copy
  correct cover create debrief debug declutter decorate defrost delete deliver demo deploy deposit descale design
  do document donate download draft draw drive drop dust edit email e-mail empty enroll enrol escalate
  exchange expense export fax feed fetch file fill finalise finalize find finish fix fold follow forward
  gather get give go grab groom hang head hire hoover host inform install interview invite invoice
  iron join jot kick learn lease lend list load lock log look mail make measure meet merge message migrate
  mop move mow negotiate nip notarise notarize notify nudge offboard onboard open order organise organize
  outline pack paint patch pay phone photocopy pick ping pitch plan pop post practice practise prep prepare
  present price print proofread publish purchase put quote read reboot reconcile record recycle refill
  refuel refund register reimburse release remind remove renew rent reorder repair replace reply report
  request research reschedule resend reserve respond restart restock return review revise rewrite ring rotate
  run scan schedule scrub search see sell send service set settle share ship shop shred sign slack sort
  speak start stock stop study submit subscribe summarise summarize swap sweep swing take talk teach
  test text thank throw tidy top track train transfer translate triage troubleshoot turn unpack
  unsubscribe update upgrade upload vacuum verify visit walk wash watch water wipe wish wrap write
  assign celebrate certify change claim congratulate countersign delegate greet hand hold inspect lodge oil
  polish prioritise prioritize proof push rebook recruit reissue repot reset restore resubmit sketch tell tweak
  welcome wire withdraw
`);

/**
 * Verbs that usually say what to do within the action before ("call the CFO and ask whether …"): after a
 * plain "and" or comma they continue the task (§8.2); after "then" / "also" they start one. Any verb
 * followed by one of WITHIN_ACTION_NEXT ("and check whether …", "and see if …") does the same.
 */
export const WITHIN_ACTION_VERBS = set('ask tell let say mention explain remind');
export const WITHIN_ACTION_NEXT = set('whether if');
/** Verb + next word that say how to do the action before ("and find out …", "and make sure he signs"). */
export const WITHIN_ACTION_PHRASES = set('find_out make_sure');

/** A task opening with one of these is a condition ("If it rains, cancel …", "When you get a chance, email …"): its first comma or "then" ends the condition, not the task. */
export const CONDITION_WORDS = set('if when once unless whenever while');

/** Verbs that are also common nouns: they open a task only when an object follows, not a preposition ("a plan for Q3"). */
export const NOUN_LIKE_VERBS = set(`
  address answer back bill book brief call charge check copy cover demo design document draft email fax file
  list lock log mail message order paint pay phone pitch plan post price print quote record report
  request return review scan search service ship shop sort stock swap test text top track transfer turn
  walk watch water wish
`);

/**
 * Verbs that are as often the head of a noun phrase ("the month-end close", "a site visit", "status update",
 * "payroll run"): right after a date or priority word they read as a verb only before their object
 * ("friday update the tracker"), like NOUN_LIKE_VERBS; they still open a task in a list of actions.
 */
export const ALSO_NOUNS = set(`
  audit block catch change claim clean close cook deposit drop exchange expense feed fix hand head hold host
  interview invoice lease load look move oil outline pack patch present proof purchase push refill refund release
  repair reply research reset run set share sign sketch start stop study train update upgrade visit wash welcome
  wire wrap
`);

/**
 * Nouns that a noun-like verb often qualifies ("price list", "water bill", "test results", "order form"):
 * after such a verb they make a compound noun, another object of the verb before, not a new task.
 */
export const COMPOUND_HEADS = set(`
  list lists result results form forms template templates cabinet bottle bottles note notes message
  messages asset assets sheet sheets log logs detail details summary agreement agreements history
  number numbers item items job jobs label labels office card cards club stub stubs slip slips request
  requests queue data info status bill bills filter filters thread threads address addresses doc docs
  document documents sample samples deadline deadlines date dates slot slots link links fee fees
  rate rates pack packs kit kits level levels
`);

/** Words after a verb that are not its object or complement. */
export const NOT_A_COMPLEMENT = set('and or then too also is are was were be as but nor so');

export const PREPOSITIONS = set('of for with from in on at to about by into than via per');

/**
 * Words that name or introduce a date, time, priority or recurrence; a run of them with at least one
 * anchor may open a task before its verb ("and at 4 call …", "and next week sort out …").
 */
export const FIELD_LINKS = set('at on by before until till around in the this next coming every each other due from starting after first end of');
export const FIELD_ANCHORS = set(`
  today tonight tomorrow tmrw tmr morning afternoon evening night noon midday midnight lunch lunchtime
  week weekend month year quarter eod eow eom cob asap urgent urgently thing later
  monday mon tuesday tue tues wednesday wed thursday thu thur thurs friday fri saturday sat sunday sun
  mondays tuesdays wednesdays thursdays fridays saturdays sundays
  january jan february feb march mar april apr may june jun july jul august aug september sep sept
  october oct november nov december dec
  am pm o'clock daily weekly monthly quarterly yearly weekday weekdays
`);

/** Words a shared header may hold besides its fields ("To do Monday:", "Errands for Saturday:", "A few things for Acme:"). */
export const HEADER_WORDS = set(`
  for on by due at before until the a an my our some few couple of and quick ones things stuff to do
  todo todos to-do to-dos tasks task list lists reminders reminder errands chores jobs items admin misc
  shopping grocery groceries home work office personal house here's here is are what i we need have got
  this that okay ok so um uh alright right well also then plus oh hey first list
`);

/** Words of fields a header may hold (a cheap look before the header text is read by the rules). */
export const HEADER_FIELD_WORDS = set(`
  not no rush whenever someday high low medium normal priority prio top highest critical important
  other end of half hour hours minutes mins min days day christmas eve new year's years
`);

/** Filler words that carry nothing (dropped sentences, title clean-up §8.5). */
export const FILLER_WORDS = set('so okay ok alright right yeah yep mhm hmm um uh erm hey oh well anyway anyways and also then plus please like just');

/** Words of a sentence that names no task ("Okay, a few things.", "Mhm, let me think."). */
export const META_WORDS = set(`
  let me let's lets think see where was what else that's thats it all thanks thank you things stuff
  bunch lot lots few couple some several i i've ive have got there's there are is a an of to do for my
  the today tomorrow this week list here's on done now can could would you add jot note down following
  please quick
`);
/** At least one of these makes an otherwise empty sentence talk about the list, not a task. */
export const META_MARKERS = set("think see else that's thats thanks thank things stuff bunch lot lots list");
