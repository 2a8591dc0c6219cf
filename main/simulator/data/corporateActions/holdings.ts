/**
 * Holdings of client accounts in the events: each account holds a position in an instrument
 * (so it is affected by every event on it) and, in electable events, instructs elections over
 * the election period. Positions are drawn per instrument and elections per event and account,
 * from streams that do not depend on the date, so a holding stays put from day to day.
 */
import type { HoldingElection } from '../../../../contract/wire/types';
import type { RandomStream } from '../random';
import type { Scale } from '../universe';
import type { ElectableOption, EventDraft } from './draft';
import type { ElectionStatusValue } from './codes';

/** An account of the accounts with its place in the client tree. */
export interface HoldingAccount {
  accountId: string;
  clientId: string;
  /** The client and its ancestors, nearest first. */
  clientChain: string[];
  groupId: string | null;
  ownerUserId: string;
  ownerName: string;
}

/** Accounts grouped by who owns them, for drawing positions. */
export interface AccountPools {
  demo: HoldingAccount[];
  trader2: HoldingAccount[];
  admin: HoldingAccount[];
  others: HoldingAccount[];
}

/** How often the demo user's accounts holds an instrument with events, per scale. */
const DEMO_SHARE: Record<Scale, number> = { small: 0.6, default: 0.35, large: 0.3 };

export interface Position {
  account: HoldingAccount;
  amount: number;
}

function pickDistinct<T>(random: RandomStream, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0)
    picked.push(pool.splice(random.int(0, pool.length - 1), 1)[0]!);
  return picked;
}

/** The positions held in one instrument; every instrument with events has at least one holder. */
export function positionsIn(
  random: RandomStream,
  pools: AccountPools,
  scale: Scale,
  isBond: boolean,
): Position[] {
  const accounts: HoldingAccount[] = [];
  if (random.chance(DEMO_SHARE[scale])) accounts.push(...pickDistinct(random, pools.demo, random.int(1, 3)));
  if (random.chance(0.2)) accounts.push(...pickDistinct(random, pools.trader2, random.int(1, 2)));
  if (random.chance(0.02)) accounts.push(...pools.admin.slice(0, 1));
  accounts.push(...pickDistinct(random, pools.others, random.int(0, 2)));
  if (accounts.length === 0)
    accounts.push(...pickDistinct(random, pools.others.length > 0 ? pools.others : pools.demo, 1));
  return accounts.map((account) => ({
    account,
    amount: isBond ? 1000 * random.int(5, 500) : (random.chance(0.2) ? 100 : 10) * random.int(1, 500),
  }));
}

export interface HoldingElections {
  elections: HoldingElection[];
  electedAmount: number;
  status: ElectionStatusValue;
  cashReserved?: { currency: string; value: number };
  standingInstruction: boolean;
}

const REMARKS = [
  'Per portfolio manager instruction',
  'Client called in',
  'Confirmed by e-mail',
  'Tax-driven choice',
] as const;

/** When (and whether at all) a holder instructs: the first draws of the holding's election stream. */
function electionTiming(
  random: RandomStream,
  draft: EventDraft,
): { roll: number; standing: boolean; madeAt: Date } {
  const opens = draft.electionStart ?? draft.announced;
  const closes = draft.deadline ?? draft.final;
  const roll = random.next();
  const standing = random.chance(0.15);
  const madeAt = new Date(opens.getTime() + random.next() * Math.max(0, closes.getTime() - opens.getTime()));
  return { roll, standing, madeAt };
}

/** The instants at which the elections of one holding may change: when they are made and when they settle. */
export function electionInstants(random: RandomStream, draft: EventDraft): Date[] {
  const { madeAt } = electionTiming(random, draft);
  return [madeAt, new Date(madeAt.getTime() + 86_400_000)];
}

/**
 * The elections of one holding in an electable event as of `asOf`: made at a moment of the
 * election period (nothing before it), possibly split across options or partial.
 */
export function electionsOf(
  random: RandomStream,
  draft: EventDraft,
  amount: number,
  asOf: Date,
  endedAt: Date | undefined,
  electedBy: string,
  currency: string,
): HoldingElections {
  const none: HoldingElections = {
    elections: [],
    electedAmount: 0,
    status: 'NotElected',
    standingInstruction: false,
  };
  const options = draft.electableOptions;
  const { roll, standing, madeAt } = electionTiming(random, draft);
  if (roll < 0.2 || options.length === 0 || madeAt > asOf || (endedAt && endedAt <= madeAt))
    return { ...none, standingInstruction: standing };

  const chosen: { option: ElectableOption; amount: number }[] = [];
  const first = options[random.int(0, options.length - 1)]!;
  if (roll < 0.6 || options.length === 1) chosen.push({ option: first, amount });
  else if (roll < 0.8) {
    const second = options.find((o) => o.optionId !== first.optionId)!;
    const part = Math.max(1, Math.round(amount * (0.2 + random.next() * 0.6)));
    chosen.push({ option: first, amount: part }, { option: second, amount: amount - part });
  } else
    chosen.push({ option: first, amount: Math.max(1, Math.round(amount * (0.1 + random.next() * 0.7))) });

  const settled = madeAt.getTime() + 86_400_000 <= asOf.getTime();
  const elections: HoldingElection[] = chosen.map(({ option, amount: elected }) => ({
    ElectedAmount: elected,
    ElectedBy: standing ? 'Standing instruction' : electedBy,
    ElectionType: standing ? 'Auto' : 'Manual',
    Instruction: { Status: settled ? 'Accepted' : 'InProgress' },
    OptionId: option.optionId,
    ...(random.chance(0.3) ? { Remarks: random.pick(REMARKS) } : {}),
  }));
  const electedAmount = chosen.reduce((sum, c) => sum + c.amount, 0);
  const cash = chosen.reduce((sum, c) => sum + (c.option.cashPerUnit ?? 0) * c.amount, 0);
  return {
    elections,
    electedAmount,
    status: electedAmount >= amount ? 'Elected' : 'PartialElected',
    ...(cash > 0
      ? {
          cashReserved: {
            currency: options.find((o) => o.cashPerUnit)?.currency ?? currency,
            value: Math.round(cash * 100) / 100,
          },
        }
      : {}),
    standingInstruction: standing,
  };
}

/** The election status of several holdings together (the event's, for a client or account group). */
export function combinedElectionStatus(statuses: ElectionStatusValue[]): ElectionStatusValue {
  if (statuses.every((s) => s === 'Elected')) return 'Elected';
  if (statuses.every((s) => s === 'NotElected')) return 'NotElected';
  return 'PartialElected';
}
