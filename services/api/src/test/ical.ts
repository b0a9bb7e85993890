import type ICALModule from 'ical.js' with { 'resolution-mode': 'import' };

/*
 * ical.js, an RFC 5545 parser independent of ours, to read the calendar feed back in tests. It publishes
 * types for its ES module only; jest (CommonJS) loads its CommonJS build.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const ICAL = require('ical.js') as typeof ICALModule;
export type IcalEvent = InstanceType<typeof ICAL.Event>;

/** The file's events, with the zones it defines registered, so timed events convert to instants. */
export function eventsOf(file: string): IcalEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(file));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
}
