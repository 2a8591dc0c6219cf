/**
 * The team a review service serves, read from a JSON file: its id (the key of its rows in the
 * database: keep it when renaming the team), name, the applications whose tokens it accepts,
 * members with display names and roles, and which events need four eyes. Only members may use
 * the service. The file is read again while the service runs (teamWatcher.ts): `update` swaps
 * in the new definition, so every request from then on sees it.
 *
 *   {
 *     "id": "ca-copenhagen", "name": "Corporate actions, Copenhagen",
 *     "appKeys": ["<the AppKey of the desk's application>"],
 *     "members": [{ "userKey": "…", "name": "Clara Lindqvist", "roles": ["Analyst", "Approver"] }],
 *     "fourEyes": { "withElection": true, "eventTypes": ["MRGR"] }
 *   }
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  storableText,
  teamRoles,
  userKeySchema,
  type EventFacts,
  type TeamDescription,
  type TeamMemberWithRoles,
  type TeamRole,
} from '../../contract/wire/review';

const teamFileSchema = z
  .object({
    id: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9_-]{0,62}$/,
        "id is 1-63 lower-case letters, digits, dashes or underscores (the team's key in the database).",
      ),
    name: storableText(z.string().trim().min(1, 'name is required.').max(200), 'name'),
    /** The AppKeys whose tokens (their `aid` claim) the team accepts; any other application's are refused. */
    appKeys: z
      .array(
        z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,100}$/, 'An AppKey is 1-100 letters, digits, dashes or underscores.'),
        {
          error:
            "appKeys is required: the AppKeys of the applications whose tokens this team accepts (the desk's AppKey, as in its connection profile).",
        },
      )
      .min(1, "appKeys names at least one application: the desk's AppKey, as in its connection profile."),
    members: z
      .array(
        z
          .object({
            userKey: userKeySchema,
            name: storableText(z.string().trim().min(1, 'Every member needs a name.').max(200), 'A name'),
            /** Default: Analyst and Approver. */
            roles: z.array(z.enum(teamRoles)).min(1).default(['Analyst', 'Approver']),
          })
          .strict(),
      )
      .min(1, 'A team has at least one member.')
      .refine(
        (members) => new Set(members.map((member) => member.userKey)).size === members.length,
        'A user key is listed twice.',
      ),
    /** Default: every event with an election (voluntary, or mandatory with a choice) needs four eyes. */
    fourEyes: z
      .object({
        withElection: z.boolean().default(true),
        eventTypes: z
          .array(z.string().regex(/^[A-Z0-9]{4}$/, 'Event types are four-letter codes such as MRGR.'))
          .default([]),
      })
      .strict()
      .default({ withElection: true, eventTypes: [] }),
  })
  .strict();

/** A member as the service knows them. */
export interface Member {
  userKey: string;
  name: string;
  roles: ReadonlySet<TeamRole>;
}

interface FourEyesRule {
  withElection: boolean;
  eventTypes: ReadonlySet<string>;
}

export class Team {
  private members: Map<string, Member>;

  private constructor(
    readonly id: string,
    private currentName: string,
    private appKeys: ReadonlySet<string>,
    members: Member[],
    private fourEyes: FourEyesRule,
  ) {
    this.members = new Map(members.map((member) => [member.userKey, member]));
  }

  get name(): string {
    return this.currentName;
  }

  /**
   * Takes over `next`'s definition (a reload of the team file); answers the user keys of members
   * who are no longer in the team. The id is the key of the team's rows: a file naming another
   * id is refused (that is another team, for another service).
   */
  update(next: Team): string[] {
    if (next.id !== this.id) {
      throw new Error(
        `the team id changed from "${this.id}" to "${next.id}": the id is the key of the team's rows, so a running service keeps it (start a service for the other team instead)`,
      );
    }
    const removed = [...this.members.keys()].filter((userKey) => !next.members.has(userKey));
    this.currentName = next.currentName;
    this.appKeys = next.appKeys;
    this.members = next.members;
    this.fourEyes = next.fourEyes;
    return removed;
  }

  /** Whether tokens issued to the application `appKey` (the token's `aid`) are accepted. */
  acceptsApplication(appKey: string): boolean {
    return this.appKeys.has(appKey);
  }

  /** How many members the team has. */
  get size(): number {
    return this.members.size;
  }

  /** Parses a team definition (the file's JSON); throws an Error naming every problem. */
  static parse(json: unknown, source = 'the team file'): Team {
    const result = teamFileSchema.safeParse(json);
    if (!result.success) {
      const problems = result.error.issues.map(
        (issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`,
      );
      throw new Error(`${source} is not a usable team definition: ${problems.join('; ')}`);
    }
    const team = result.data;
    return new Team(
      team.id,
      team.name,
      new Set(team.appKeys),
      team.members.map((member) => ({
        userKey: member.userKey,
        name: member.name,
        roles: new Set(member.roles),
      })),
      { withElection: team.fourEyes.withElection, eventTypes: new Set(team.fourEyes.eventTypes) },
    );
  }

  /** Reads and parses the team file at `file`. */
  static load(file: string): Team {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`Cannot read the team file ${file}: ${(error as Error).message}`, { cause: error });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new Error(`The team file ${file} is not JSON: ${(error as Error).message}`, { cause: error });
    }
    return Team.parse(json, `The team file ${file}`);
  }

  /** The member with this user key, or undefined for anybody else. */
  member(userKey: string): Member | undefined {
    return this.members.get(userKey);
  }

  /** Whether a review of an event like this needs a second, different analyst's approval. */
  needsFourEyes(event: EventFacts): boolean {
    const withElection = event.CorporateActionType === 'Voluntary' || event.Electable === 'Electable';
    return (this.fourEyes.withElection && withElection) || this.fourEyes.eventTypes.has(event.EventType);
  }

  /** What `GET /v1/team` answers to `caller`. */
  describe(caller: Member): TeamDescription {
    return {
      Id: this.id,
      Name: this.name,
      Members: [...this.members.values()].map(memberWire),
      FourEyes: { WithElection: this.fourEyes.withElection, EventTypes: [...this.fourEyes.eventTypes] },
      Me: memberWire(caller),
    };
  }
}

function memberWire(member: Member): TeamMemberWithRoles {
  return {
    UserKey: member.userKey,
    Name: member.name,
    Roles: teamRoles.filter((role) => member.roles.has(role)),
  };
}
