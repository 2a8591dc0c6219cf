/**
 * Refusals in words: the one place where an argument main refuses (a zod issue of a channel's
 * schema) becomes a sentence a user understands, naming the field as the screen does ("Search
 * text is limited to 255 characters."), never the channel or zod's own text. The dispatcher
 * parses every argument with `inWords` as its error map; a schema's own message (e.g. "Write
 * dates as yyyy-mm-dd.") takes precedence, as zod applies it first.
 */
import type { z } from 'zod';

/** What the screens call the arguments' fields. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  Keywords: 'Search text',
  ExchangeId: 'Exchange',
  AssetTypes: 'Asset types',
  AssetType: 'Asset type',
  $top: 'Page size',
  $skip: 'Rows to skip',
  Uic: 'Uic',
  Uics: 'Uics',
  OptionRootId: 'Option root',
  UnderlyingUic: 'Underlying',
  ContinuousFuturesUic: 'Continuous future',
  ExpiryDates: 'Expiry dates',
  OptionSpaceSegment: 'Option space segment',
  TradingStatus: 'Trading status',
  FieldGroups: 'Field groups',
  Tags: 'Tag',
  Class: 'Class',
  AccountKey: 'Account',
  ClientKey: 'Client',
  IncludeNonTradable: 'Include non-tradable',
  WatchId: 'Price watch',
  Instruments: 'Quoted instruments',
  Chains: 'Quoted option chains',
  Expiries: 'Quoted expiries',
  Expiry: 'Expiry',
  LowStrike: 'Lowest strike shown',
  HighStrike: 'Highest strike shown',
};

/** A field's words: from the table, else its name spelled out (`OneWeekTotalValueChangesFrom` → `One week total value changes from`). */
export function fieldWords(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((segment): segment is string => typeof segment === 'string');
  if (name === undefined) return 'The request';
  const known = FIELD_WORDS[name];
  if (known) return known;
  const spelled = name.replace(/^\$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spelled.charAt(0).toUpperCase() + spelled.slice(1);
}

const plural = (count: number | bigint, one: string, many: string) => `${count} ${Number(count) === 1 ? one : many}`;

/** The sentence for one issue; the shape of zod's raw issues is read loosely on purpose. */
function sentence(issue: z.core.$ZodRawIssue): string {
  const label = fieldWords(issue.path ?? []);
  const detail = issue as unknown as {
    origin?: string;
    maximum?: number | bigint;
    minimum?: number | bigint;
    expected?: string;
    values?: readonly unknown[];
    keys?: readonly string[];
    inclusive?: boolean;
  };
  switch (issue.code) {
    case 'too_big': {
      const max = detail.maximum ?? 0;
      if (detail.origin === 'string') return `${label} is limited to ${plural(max, 'character', 'characters')}.`;
      if (detail.origin === 'array' || detail.origin === 'set') return `${label} takes at most ${plural(max, 'entry', 'entries')}.`;
      return `${label} is at most ${String(max)}.`;
    }
    case 'too_small': {
      const min = detail.minimum ?? 0;
      if (detail.origin === 'string') return Number(min) <= 1 ? `${label} cannot be empty.` : `${label} needs at least ${plural(min, 'character', 'characters')}.`;
      if (detail.origin === 'array' || detail.origin === 'set') return `${label} needs at least ${plural(min, 'entry', 'entries')}.`;
      return detail.inclusive === false ? `${label} must be more than ${String(min)}.` : `${label} is at least ${String(min)}.`;
    }
    case 'invalid_type': {
      const words: Record<string, string> = {
        int: 'a whole number',
        number: 'a number',
        string: 'text',
        boolean: 'yes or no',
        array: 'a list',
        object: 'a set of values',
        date: 'a date',
      };
      if (detail.expected === 'undefined') return 'This request takes no values.';
      return `${label} must be ${words[detail.expected ?? ''] ?? 'of another kind'}.`;
    }
    case 'invalid_value': {
      const values = (detail.values ?? []).map(String);
      const shown = values.slice(0, 6).join(', ');
      return values.length > 0
        ? `${label} must be one of ${shown}${values.length > 6 ? ` and ${values.length - 6} more` : ''}.`
        : `${label} has a value RefDesk does not know.`;
    }
    case 'unrecognized_keys':
      return `RefDesk does not send ${(detail.keys ?? []).map((key) => fieldWords([key]).toLowerCase()).join(', ')} with this request.`;
    case 'invalid_format':
      return `${label} is not written the way it must be.`;
    default:
      return `${label} is not valid.`;
  }
}

/** The error map of every argument parse in main (zod's per-parse `error` option). */
export function inWords(issue: z.core.$ZodRawIssue): string {
  return sentence(issue);
}

/** The sentence a refused call carries as a whole: its field messages, each once. */
export function refusalSummary(fields: Readonly<Record<string, readonly string[]>>): string {
  const messages = [...new Set(Object.values(fields).flat())];
  return messages.length > 0 ? messages.join(' ') : 'RefDesk could not send this request.';
}
