/**
 * A small iCalendar (RFC 5545) writer: just what a weekly timetable needs, with no dependency.
 * Lines end in CRLF (3.1), TEXT values are escaped (3.3.11) and long lines are folded at 75 octets
 * without splitting a UTF-8 character (3.1).
 */

/** A wall-clock date and time (month 1–12), read in the calendar's time zone. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export interface IcsRecurrence {
  /** Every week (1) or every other week (2). */
  intervalWeeks: number;
  /** The last moment an occurrence may start, as an absolute instant (written in UTC). */
  until?: Date;
}

export interface IcsEvent {
  uid: string;
  start: LocalDateTime;
  end: LocalDateTime;
  summary: string;
  location?: string | null;
  description?: string | null;
  recurrence?: IcsRecurrence;
}

/** A fixed-offset zone (no daylight saving), e.g. Asia/Bishkek at +06:00 since 2005. */
export interface IcsTimeZone {
  tzid: string;
  /** Minutes east of UTC. */
  offsetMinutes: number;
  /** The abbreviation, e.g. '+06'. */
  name: string;
}

export const BISHKEK_TIME_ZONE: IcsTimeZone = {
  tzid: 'Asia/Bishkek',
  offsetMinutes: 6 * 60,
  name: '+06',
};

export interface IcsCalendar {
  /** PRODID: who made the file. */
  prodId: string;
  /** Shown by most calendar apps as the calendar's name (X-WR-CALNAME). */
  name?: string;
  timeZone: IcsTimeZone;
  events: readonly IcsEvent[];
  /** DTSTAMP of every event: when the file was made. */
  now: Date;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks (RFC 5545, 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Folds one content line so no physical line exceeds 75 octets: each continuation starts with a
 * space, which counts towards its 75; a multi-octet character is never split.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > MAX_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** DATE-TIME in local form (used with TZID): 20261116T080000. */
export function formatLocalDateTime(value: LocalDateTime): string {
  return (
    `${pad(value.year, 4)}${pad(value.month)}${pad(value.day)}` +
    `T${pad(value.hour)}${pad(value.minute)}00`
  );
}

/** DATE-TIME in UTC form: 20261120T030000Z. */
export function formatUtcDateTime(value: Date): string {
  return (
    `${pad(value.getUTCFullYear(), 4)}${pad(value.getUTCMonth() + 1)}${pad(value.getUTCDate())}` +
    `T${pad(value.getUTCHours())}${pad(value.getUTCMinutes())}${pad(value.getUTCSeconds())}Z`
  );
}

/** The UTC offset as ±HHMM. */
function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}${pad(absolute % 60)}`;
}

function timeZoneLines(zone: IcsTimeZone): string[] {
  const offset = formatOffset(zone.offsetMinutes);
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone.tzid}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    `TZNAME:${escapeText(zone.name)}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
}

function recurrenceRule(recurrence: IcsRecurrence): string {
  const parts = ['FREQ=WEEKLY'];
  if (recurrence.intervalWeeks > 1) parts.push(`INTERVAL=${recurrence.intervalWeeks}`);
  // With a TZID start, UNTIL must be given in UTC (RFC 5545, 3.3.10).
  if (recurrence.until) parts.push(`UNTIL=${formatUtcDateTime(recurrence.until)}`);
  return `RRULE:${parts.join(';')}`;
}

function eventLines(event: IcsEvent, zone: IcsTimeZone, stamp: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${zone.tzid}:${formatLocalDateTime(event.start)}`,
    `DTEND;TZID=${zone.tzid}:${formatLocalDateTime(event.end)}`,
  ];
  if (event.recurrence) lines.push(recurrenceRule(event.recurrence));
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  lines.push('END:VEVENT');
  return lines;
}

/** The whole VCALENDAR as text, CRLF after every line (the last one included). */
export function buildCalendar(calendar: IcsCalendar): string {
  const stamp = formatUtcDateTime(calendar.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  if (calendar.name) lines.push(`X-WR-CALNAME:${escapeText(calendar.name)}`);
  lines.push(`X-WR-TIMEZONE:${calendar.timeZone.tzid}`);
  lines.push(...timeZoneLines(calendar.timeZone));
  for (const event of calendar.events) {
    lines.push(...eventLines(event, calendar.timeZone, stamp));
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
