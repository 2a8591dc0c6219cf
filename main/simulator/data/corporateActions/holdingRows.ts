/**
 * Writes the holdings of one event (with their elections) and its per-scope aggregates:
 * AffectedAccounts, EligibleHoldings and the combined ElectionStatus of every account, account
 * group, client and client tree that holds it.
 */
import type { RandomStream } from '../random';
import type { AccountsIndex } from './accountPools';
import { scopeKeysOf } from './accountPools';
import { ELECTION_STATUSES, encode, type ElectionStatusValue } from './codes';
import type { EventDraft, EventInstrument } from './draft';
import { combinedElectionStatus, electionsOf, type Position } from './holdings';
import type { Lifecycle } from './lifecycle';
import type { EventColumns, EventWriter } from './store';

export interface HoldingsInput {
  writer: EventWriter;
  draft: EventDraft;
  life: Lifecycle;
  instrument: EventInstrument;
  positions: Position[];
  eventColumns: EventColumns;
  asOf: Date;
  accounts: AccountsIndex;
  stream(name: string): RandomStream;
}

interface ScopeTotals {
  affected: number;
  eligible: number;
  statuses: ElectionStatusValue[];
}

/** Writes the event's holdings and scope rows. */
export function writeHoldings(input: HoldingsInput): void {
  const { writer, draft, life, positions, eventColumns, asOf, accounts, instrument } = input;
  const eventId = eventColumns.eventId;
  const totals = new Map<number, ScopeTotals>();
  for (const { account, amount } of positions) {
    const elections = draft.electable
      ? electionsOf(
          input.stream(`elections:${eventId}:${account.accountId}`),
          draft,
          amount,
          asOf,
          life.endedAt,
          account.ownerName,
          instrument.currency,
        )
      : undefined;
    writer.holding({
      eventId,
      accountId: account.accountId,
      clientId: account.clientId,
      amount,
      electedAmount: elections ? elections.electedAmount : null,
      election: elections ? encode(ELECTION_STATUSES, elections.status) : 0,
      cashCurrency: elections?.cashReserved?.currency ?? null,
      cashValue: elections?.cashReserved?.value ?? null,
      standing: elections?.standingInstruction ? 1 : 0,
      elections: elections && elections.elections.length > 0 ? JSON.stringify(elections.elections) : null,
    });
    for (const key of scopeKeysOf(account)) {
      const scopeId = accounts.scopeIds.get(key);
      if (scopeId === undefined) continue;
      const total = totals.get(scopeId) ?? { affected: 0, eligible: 0, statuses: [] };
      total.affected += 1;
      total.eligible += amount;
      if (elections) total.statuses.push(elections.status);
      totals.set(scopeId, total);
    }
  }
  for (const [scopeId, total] of totals) {
    const election = draft.electable ? encode(ELECTION_STATUSES, combinedElectionStatus(total.statuses)) : 0;
    writer.scope(scopeId, eventColumns, total.affected, total.eligible, election);
  }
}
