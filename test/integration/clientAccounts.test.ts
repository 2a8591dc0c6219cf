import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../main/core/api/endpoints';
import { createHttpClient, type HttpClient } from '../../main/core/api/http';
import { startTestSimulator, type TestSimulator } from '../support/testSimulator';

/** `corporateActions:accounts` through its endpoint function, against the simulator's /port/v1 reads. */
describe('the account book by name', () => {
  let sim: TestSimulator;
  const clientAs = async (login: string): Promise<HttpClient> => {
    const token = await sim.accessToken(login);
    return createHttpClient({ baseUrl: sim.baseUrl, auth: { accessToken: () => token, reauthenticate: async () => false } });
  };

  beforeAll(async () => {
    sim = await startTestSimulator();
  });
  afterAll(() => sim.close());

  it('lists the demo user’s clients as a tree (top first, each followed by its sub-clients) and all eight accounts', async () => {
    const book = await endpoints['corporateActions:accounts'](await clientAs('demo'), undefined);
    expect(book.truncated).toBeUndefined();
    const byKey = new Map(book.clients.map((client) => [client.ClientKey, client]));
    expect(
      book.clients.map((client) => [client.Name, client.ParentClientKey ? byKey.get(client.ParentClientKey)?.Name : null]),
    ).toEqual([
      ['Lindqvist Capital ApS', null],
      ['Lindqvist Pension Pool', 'Lindqvist Capital ApS'],
      ['Nordic Growth Partners K/S', 'Lindqvist Capital ApS'],
      ['Erik Lindqvist', 'Nordic Growth Partners K/S'],
    ]);
    expect(book.accounts).toHaveLength(8);
    expect(book.accounts.map((account) => account.DisplayName)).toContain('Erik Lindqvist EUR');
    for (const account of book.accounts) expect(byKey.has(account.ClientKey), account.AccountId).toBe(true);
  });

  it('answers another user their own book only', async () => {
    const book = await endpoints['corporateActions:accounts'](await clientAs('trader2'), undefined);
    expect(book.clients.map((client) => client.Name)).toEqual(['Berger Handelsgesellschaft mbH', 'Berger Family Trust']);
    expect(book.accounts.map((account) => account.AccountId).sort()).toEqual(['9411020CHF', '9411020EUR', '9411064USD']);
  });
});
