import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed, AccountDetails, ClientDetails, UserDetails } from '../../contract/wire/types';
import { DEMO_USER, TRADER2_USER } from '../../main/simulator/data/accounts/demo';
import { opaqueKey } from '../../main/simulator/data/accounts/keys';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

type ErrorBody = { ErrorCode: string; Message: string; ModelState?: Record<string, string[]> };
const key = (kind: 'client' | 'account' | 'user', id: string) => encodeURIComponent(opaqueKey(kind, id));

describe('GET /port/v1 identity reads', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.close());

  it('users/me names the signed-in user with the platform fields, and when they signed in', async () => {
    const before = Date.now();
    const { status, body } = await sim.get<UserDetails>('port/v1/users/me', { as: 'trader2' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      UserId: TRADER2_USER.userId,
      UserKey: opaqueKey('user', TRADER2_USER.userId),
      Name: 'Jonas Berger',
      ClientKey: opaqueKey('client', '9411020'),
      Culture: 'en-US',
      Language: 'en',
      LastLoginStatus: 'Successful',
      MarketDataViaOpenApiTermsAccepted: false,
      TimeZoneId: expect.any(Number),
    });
    expect(body.LegalAssetTypes).toContain('Stock');
    expect(body.LastLoginTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(Date.parse(body.LastLoginTime!)).toBeLessThanOrEqual(before + 1000);
  });

  it('clients/me is the user’s own client with its default account', async () => {
    const { status, body } = await sim.get<ClientDetails>('port/v1/clients/me');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ClientId: '9300112',
      ClientKey: opaqueKey('client', '9300112'),
      Name: 'Lindqvist Capital ApS',
      DefaultAccountId: '9300112DKK',
      DefaultAccountKey: opaqueKey('account', '9300112DKK'),
      DefaultCurrency: 'DKK',
      PositionNettingMode: 'EndOfDay',
      IsMarginTradingAllowed: true,
    });
  });

  it('clients/?OwnerKey= lists the sub-clients one level down, so the hierarchy can be walked', async () => {
    const top = await sim.get<Feed<ClientDetails>>(`port/v1/clients/?OwnerKey=${key('client', '9300112')}`);
    expect(top.status).toBe(200);
    expect(top.body.Data.map((client) => [client.ClientId, client.Name])).toEqual([
      ['9300187', 'Lindqvist Pension Pool'],
      ['9300245', 'Nordic Growth Partners K/S'],
    ]);
    const nested = await sim.get<Feed<ClientDetails>>(`port/v1/clients?OwnerKey=${key('client', '9300245')}`);
    expect(nested.body.Data.map((client) => client.Name)).toEqual(['Erik Lindqvist']);
    const leaf = await sim.get<Feed<ClientDetails>>(`port/v1/clients?OwnerKey=${key('client', '9300311')}`);
    expect(leaf.body.Data).toEqual([]);
  });

  it('clients/{ClientKey} reads a client of the caller’s book', async () => {
    const { status, body } = await sim.get<ClientDetails>(`port/v1/clients/${key('client', '9300311')}`);
    expect(status).toBe(200);
    expect(body.Name).toBe('Erik Lindqvist');
  });

  it('accounts/me lists the own client’s accounts by name, group and currency', async () => {
    const { status, body } = await sim.get<Feed<AccountDetails>>('port/v1/accounts/me/');
    expect(status).toBe(200);
    expect(body.Data.map((account) => account.AccountId)).toEqual([
      '9300112DKK',
      '9300112INET',
      '9300112USD',
    ]);
    const inet = body.Data.find((account) => account.AccountId === '9300112INET')!;
    expect(inet).toMatchObject({
      AccountKey: 'G+Sm821V92A854RuaF8ayw==',
      AccountGroupKey: 'S1Tx/oZzk2ss035OZZaH6Q==',
      AccountType: 'Normal',
      Active: true,
      ClientId: '9300112',
      ClientKey: 'zYts80DFve2gsqwoN61y8g==',
      Currency: 'EUR',
      CurrencyDecimals: 2,
      DisplayName: 'Lindqvist Capital ApS EUR',
      IsTrialAccount: false,
      Sharing: ['NoSharing'],
    });
    expect(inet.CreationDate).toMatch(/^\d{4}-\d\d-\d\dT00:00:00\.000000Z$/);
    expect(body.Data.find((account) => account.AccountId === '9300112DKK')).not.toHaveProperty(
      'AccountGroupKey',
    );
  });

  it('accounts/?ClientKey= lists one client, or its whole tree with IncludeSubAccounts=true', async () => {
    const clientKey = key('client', '9300112');
    const own = await sim.get<Feed<AccountDetails>>(`port/v1/accounts/?ClientKey=${clientKey}`);
    expect(own.body.Data).toHaveLength(3);
    const tree = await sim.get<Feed<AccountDetails>>(
      `port/v1/accounts/?ClientKey=${clientKey}&IncludeSubAccounts=true`,
    );
    const documented = DEMO_USER.clients.flatMap((client) =>
      client.accounts.map((account) => account.accountId),
    );
    expect(tree.body.Data.map((account) => account.AccountId).sort()).toEqual([...documented].sort());
    expect(new Set(tree.body.Data.map((account) => account.DisplayName)).size).toBe(documented.length);
    const pension = await sim.get<Feed<AccountDetails>>(
      `port/v1/accounts?ClientKey=${key('client', '9300187')}`,
    );
    expect(pension.body.Data.map((account) => account.DisplayName)).toEqual([
      'Lindqvist Pension Pool EUR',
      'Lindqvist Pension Pool GBP',
    ]);
  });

  it('accounts/{AccountKey} reads one account; its key’s slash and plus are URL-encoded', async () => {
    const { status, body } = await sim.get<AccountDetails>(
      `port/v1/accounts/${key('account', '9300112INET')}`,
    );
    expect(status).toBe(200);
    expect(body.AccountId).toBe('9300112INET');
    const slashed = await sim.get<AccountDetails>(`port/v1/accounts/${key('account', '9300112INET')}/`);
    expect(slashed.body).toEqual(body);
  });

  it('answers another user’s keys exactly like unknown ones: 404', async () => {
    const theirs = [
      `port/v1/accounts/${key('account', '9411020EUR')}`,
      `port/v1/clients/${key('client', '9411020')}`,
      `port/v1/clients?OwnerKey=${key('client', '9411020')}`,
      `port/v1/accounts?ClientKey=${key('client', '9411020')}`,
      `port/v1/accounts/${encodeURIComponent('AAAAAAAAAAAAAAAAAAAAAA==')}`,
    ];
    for (const path of theirs) {
      const response = await sim.get<ErrorBody>(path);
      expect(response.status, path).toBe(404);
      expect(response.body.ErrorCode, path).toBe('NotFound');
    }
    // And the owner reads them.
    expect(
      (await sim.get(`port/v1/accounts/${key('account', '9411020EUR')}`, { as: 'trader2' })).status,
    ).toBe(200);
  });

  it('refuses bad input with 400 naming the parameter, never a 500', async () => {
    const missing = await sim.get<ErrorBody>('port/v1/clients/');
    expect(missing.status).toBe(400);
    expect(missing.body.ModelState).toHaveProperty('OwnerKey');
    const flag = await sim.get<ErrorBody>(
      `port/v1/accounts?ClientKey=${key('client', '9300112')}&IncludeSubAccounts=maybe`,
    );
    expect(flag.status).toBe(400);
    expect(flag.body.ModelState).toHaveProperty('IncludeSubAccounts');
    const twice = await sim.get<ErrorBody>('port/v1/accounts?ClientKey=a&ClientKey=b');
    expect(twice.status).toBe(400);
    expect((await sim.get('port/v1/accounts/me', { headers: { authorization: 'Bearer nope' } })).status).toBe(
      401,
    );
  });
});
