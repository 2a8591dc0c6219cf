/**
 * Builder of general meetings (MEET): holders vote for, against or abstain by the deadline;
 * no instruction means no vote.
 */
import { optionType, type OptionCode } from './codes';
import { deadlineFields, type ElectionWindow } from './deadlines';
import { day } from './distribution';
import type { BuildInput, EventDraft } from './draft';
import { indicator, narrative, onDay } from './wire';

const DAY_MS = 86_400_000;

const RESOLUTIONS = [
  'Approval of the annual report and accounts',
  'Appropriation of the result and the dividend',
  'Discharge of the board of directors',
  'Election of board members',
  'Appointment of the auditor',
  'Remuneration report (advisory vote)',
  'Authority to repurchase own shares',
] as const;

/** MEET: the annual general meeting; holders vote for, against or abstain by the deadline. */
export function buildMeeting(input: BuildInput): EventDraft {
  const { instrument, random } = input;
  const days = instrument.days;
  const meeting = days.onOrAfter(input.anchor);
  const record = days.add(meeting, -random.int(5, 20));
  const announced = days.onOrBefore(new Date(meeting.getTime() - random.int(28, 45) * DAY_MS));
  const closes = days.add(meeting, -random.int(3, 5));
  const window: ElectionWindow = {
    opens: days.add(announced, 2),
    closesOn: closes,
    marketDeadline: days.localTime(closes, 17),
    deadline: days.localTime(days.add(closes, -1), 17),
    issuerDeadline: days.localTime(closes, 23, 59),
  };
  const codes: OptionCode[] = ['CONY', 'CONN', 'ABST', 'NOAC'];
  const options = codes.map((code, index) => ({
    OptionId: String(index + 1),
    OptionType: optionType(code),
    IsDefault: code === 'NOAC',
    CashRequired: false,
    ...deadlineFields(window),
  }));
  const agenda = RESOLUTIONS.slice(0, random.int(4, RESOLUTIONS.length));
  return {
    code: 'MEET',
    corporateActionType: 'Voluntary',
    electable: true,
    announced,
    record,
    deadline: window.deadline,
    electionStart: window.opens,
    final: meeting,
    fields: {
      Record: onDay(record),
      Effective: onDay(meeting),
      EventIndicators: [indicator('Consent', { Code: 'AGM', Name: 'Annual general meeting' })],
      Narrative: narrative(
        `Annual general meeting of ${instrument.description} on ${day(meeting)}.`,
        'Agenda:',
        ...agenda.map((item, index) => `${index + 1}. ${item}`),
        `Voting instructions by ${day(closes)}; holders on the record date ${day(record)} may vote.`,
      ),
    },
    options,
    electableOptions: options.map((o) => ({ optionId: o.OptionId })),
  };
}
