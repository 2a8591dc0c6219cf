import { describe, expect, it } from 'vitest';
import type { ReviewAuditEntry } from '../../contract/corporateActions';
import type { CorporateActionEvent } from '../../contract/wire/types';
import { auditCsv, auditUsers, EMPTY_AUDIT_FILTER, filterAudit } from '../../renderer/src/features/corporateActions/logic/auditFilter';
import { auditEventFacts, auditRows } from '../../renderer/src/features/corporateActions/logic/auditRows';

const entry = (id: number, at: string, userId: string, name: string, eventId: string, action: ReviewAuditEntry['action'], after = ''): ReviewAuditEntry => ({
  id,
  at,
  eventId,
  actor: { userId, name },
  profileId: 'embedded',
  action,
  before: '',
  after,
});

const log = [
  entry(4, '2026-03-03T09:00:00Z', '17340877', 'Jonas Berger', '9652430', 'note', '=HYPERLINK("x")'),
  entry(3, '2026-03-02T16:00:00Z', '17340521', 'Clara Lindqvist', '9652429', 'reviewed', '2026-03-01T00:00:00Z'),
  entry(2, '2026-03-02T09:00:00Z', '17340521', 'Clara Lindqvist', '9652429', 'flagged', 'true'),
  entry(1, '2026-03-01T08:00:00Z', '17340521', 'Clara Lindqvist', '1111', 'read', 'true'),
];

describe('the audit log’s filters and CSV', () => {
  it('filters by user, action, part of an event id and a range of days, each alone or together', () => {
    const ids = (filter: Partial<typeof EMPTY_AUDIT_FILTER>) => filterAudit(log, { ...EMPTY_AUDIT_FILTER, ...filter }).map((e) => e.id);
    expect(ids({})).toEqual([4, 3, 2, 1]);
    expect(ids({ userId: '17340877' })).toEqual([4]);
    expect(ids({ action: 'flagged' })).toEqual([2]);
    expect(ids({ eventId: '96524' })).toEqual([4, 3, 2]);
    expect(ids({ from: '2026-03-02', to: '2026-03-02' })).toEqual([3, 2]);
    expect(ids({ userId: '17340521', from: '2026-03-02' })).toEqual([3, 2]);
    expect(auditUsers(log)).toEqual([
      { userId: '17340521', name: 'Clara Lindqvist' },
      { userId: '17340877', name: 'Jonas Berger' },
    ]);
  });

  it('exports every field with the event’s instrument and type and the profile’s name, a formula-looking note defused, with a BOM and CRLF', () => {
    const listed = [
      { EventId: '9652429', EventType: { Code: 'DVCA', Name: 'Cash Dividend' }, DisplayAndFormat: { Description: 'Novo Nordisk A/S' } },
    ] as CorporateActionEvent[];
    const rows = auditRows(log.slice(0, 2), auditEventFacts(listed), new Map([['embedded', 'Built-in simulator']]));
    const csv = auditCsv(rows);
    expect(csv.startsWith('\uFEFFWhen (UTC),User id,User,Event id,Instrument,Event type,Action,Before,After,What changed,Profile\r\n')).toBe(true);
    const [, first, second] = csv.split('\r\n');
    // 9652430 is no longer listed: its id stays, its event columns are empty.
    expect(first).toBe(
      `2026-03-03T09:00:00Z,17340877,Jonas Berger,9652430,,,note,,"'=HYPERLINK(""x"")","Added the note “=HYPERLINK(""x"")”",Built-in simulator`,
    );
    expect(second).toBe('2026-03-02T16:00:00Z,17340521,Clara Lindqvist,9652429,Novo Nordisk A/S,DVCA Cash Dividend,reviewed,,2026-03-01T00:00:00Z,Marked reviewed (version 2026-03-01T00:00:00Z),Built-in simulator');
  });

  it('names a profile that is gone by its id rather than leaving the cell blank', () => {
    const [row] = auditRows(log.slice(0, 1), new Map(), new Map());
    expect(row?.profileName).toBe('embedded');
  });
});
