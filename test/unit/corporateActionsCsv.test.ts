import { describe, expect, it } from 'vitest';
import type { CorporateActionEvent } from '../../contract/wire/types';
import { inboxCsv } from '../../renderer/src/features/corporateActions/logic/inboxCsv';
import { marketCalendar } from '../../renderer/src/features/corporateActions/logic/marketCalendar';
import { escapeCsvCell, toCsv, UTF8_BOM } from '../../renderer/src/features/corporateActions/logic/csv';

describe('CSV escaping', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['line 1\nline 2', '"line 1\nline 2"'],
    ['say "hi"', '"say ""hi"""'],
  ])('writes %j as %j', (value, written) => {
    expect(escapeCsvCell(value)).toBe(written);
  });

  it('keeps real numbers as numbers (a negative amount is not a formula) and empties absent values', () => {
    expect(escapeCsvCell(-5)).toBe('-5');
    expect(escapeCsvCell(1.25)).toBe('1.25');
    expect(escapeCsvCell(Number.NaN)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
    expect(escapeCsvCell(true)).toBe('true');
  });

  it('starts with the UTF-8 byte order mark and ends lines with CRLF', () => {
    const csv = toCsv(
      [{ header: 'Name', value: (row: { name: string }) => row.name }],
      [{ name: 'Nestlé' }, { name: '=cmd' }],
    );
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv).toBe(`${UTF8_BOM}Name\r\nNestlé\r\n'=cmd\r\n`);
  });
});

describe('the inbox export', () => {
  const event: CorporateActionEvent = {
    EventId: '9652429',
    EventType: { Code: 'DVCA', Name: 'Cash Dividend' },
    DisplayAndFormat: { Description: '=Evil Corp, Inc.', IsinCode: 'US0000000001', Symbol: 'EVL:xnas' },
    EventState: 'Approved',
    Ex: { Date: '2026-03-05T00:00:00Z' },
    Record: { Status: 'Ongoing' },
    Options: [
      {
        OptionId: '1',
        Deadline: { Date: '2026-03-09T16:00:00Z' },
        Payment: { Date: '2026-03-20T00:00:00Z' },
      },
    ],
    UpdatedDateTime: '2026-03-01T12:00:00Z',
  };

  it('writes the shown columns with ISO dates, the deadline in both zones, the countdown in words and the note', () => {
    const newYork = marketCalendar({ name: 'NYSE', zone: 'America/New_York', weekendDays: ['Saturday', 'Sunday'], holidays: [] });
    const csv = inboxCsv(
      [event],
      ['eventType', 'instrument', 'exDate', 'recordDate', 'payDate', 'deadline', 'countdown'],
      {
        '9652429': {
          eventId: '9652429',
          read: true,
          flagged: false,
          note: '@call me',
          changedAt: '2026-03-02T09:00:00Z',
          version: 1,
          progress: 'NotReviewed',
          fourEyes: false,
        },
      },
      { now: Date.parse('2026-03-02T09:00:00Z'), calendarOf: () => newYork },
      undefined,
      'Europe/Copenhagen',
    );
    const [header, row] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      'Event id,Type,Instrument,Ex date,Record date,Pay date,Response deadline,Business days left,Note',
    );
    expect(row).toBe(
      `9652429,DVCA,"'=Evil Corp, Inc.",2026-03-05,Ongoing,2026-03-20,2026-03-09 12:00 New York (17:00 your time),In 5 business days,'@call me`,
    );
  });
});
