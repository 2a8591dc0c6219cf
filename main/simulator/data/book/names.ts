/**
 * Name parts for generated people and companies of the book, so generated users, clients and
 * application owners read like a real platform's customers.
 */

export const FIRST_NAMES = [
  'Anna', 'Lars', 'Sofie', 'Mikkel', 'Ingrid', 'Henrik', 'Freja', 'Jakob', 'Emma', 'Lukas',
  'Charlotte', 'Pierre', 'Giulia', 'Marco', 'Elena', 'Javier', 'Hannah', 'Tobias', 'Olivia',
  'Daniel', 'Yuki', 'Kenji', 'Priya', 'Arjun', 'Mei', 'Wei', 'Fatima', 'Omar', 'Grace', 'Samuel',
  'Lucas', 'Isabel', 'Noah', 'Aisha', 'Thomas', 'Camille', 'Matteo', 'Sara', 'Erik', 'Nina',
] as const;

export const LAST_NAMES = [
  'Jensen', 'Nielsen', 'Hansen', 'Andersen', 'Larsen', 'Schmidt', 'Müller', 'Weber', 'Dubois',
  'Laurent', 'Rossi', 'Bianchi', 'García', 'Fernández', 'Smith', 'Johnson', 'Brown', 'Taylor',
  'Tanaka', 'Sato', 'Patel', 'Sharma', 'Chen', 'Wang', 'Haddad', 'Okafor', 'Kowalski', 'Novak',
  'Svensson', 'Virtanen', 'Van Dijk', 'De Vries', 'Costa', 'Silva', "O'Brien", 'Murphy',
] as const;

export const COMPANY_WORDS = [
  'Nordlys', 'Harbour', 'Alpine', 'Meridian', 'Granite', 'Aurora', 'Beacon', 'Cedar', 'Fjord',
  'Summit', 'Atlas', 'Kestrel', 'Linden', 'Oakmont', 'Solace', 'Tidewater', 'Vesper', 'Wren',
] as const;

export const COMPANY_KINDS = [
  'Capital A/S', 'Asset Management', 'Partners LLP', 'Family Office', 'Invest AB', 'Holding GmbH',
  'Wealth SA', 'Securities Ltd', 'Pension Fund', 'Trading BV',
] as const;
