/**
 * The signed-in user's accounts by name (`corporateActions:accounts`): the clients with their
 * sub-clients and the accounts, read once per user, so the inbox can offer accounts by name and
 * show names where the service answers keys and ids. Forgotten when the user changes.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AccountsTree } from '../../../../contract/corporateActions';
import { eventStates } from '../../../../contract/wire/enums';
import type { Holding, AccountDetails } from '../../../../contract/wire/types';
import { call, isCancelled, messageOf } from '../../shared/desk';
import { useOwnedState } from '../session/useOwnedState';
import { accountEntries } from './logic/accounts';

export const useAccountsStore = defineStore('accounts', () => {
  const tree = ref<AccountsTree>();
  const error = ref<string>();
  let reading: Promise<void> | undefined;
  const owned = useOwnedState(() => {
    tree.value = undefined;
    error.value = undefined;
    reading = undefined;
  });

  /** Reads the accounts unless it was read for this user already (or is being read). */
  function load(): Promise<void> {
    reading ??= (async () => {
      try {
        tree.value = await call('corporateActions:accounts', undefined, { signal: owned.signal });
        error.value = undefined;
      } catch (caught) {
        reading = undefined;
        if (!isCancelled(caught)) error.value = messageOf(caught);
      }
    })();
    return reading;
  }

  const accountsById = computed(
    () => new Map((tree.value?.accounts ?? []).map((account) => [account.AccountId, account])),
  );
  const accountsByKey = computed(
    () => new Map((tree.value?.accounts ?? []).map((account) => [account.AccountKey, account])),
  );
  const clientsByKey = computed(
    () => new Map((tree.value?.clients ?? []).map((client) => [client.ClientKey, client])),
  );
  /** The picker's entries: each client (indented by depth) followed by its accounts. */
  const entries = computed(() => (tree.value ? accountEntries(tree.value) : []));

  /** The account's name as the user knows it, from its id or key; undefined when not in the accounts. */
  function accountName(idOrKey: {
    accountId?: string | undefined;
    accountKey?: string | undefined;
  }): string | undefined {
    const account: AccountDetails | undefined =
      (idOrKey.accountKey ? accountsByKey.value.get(idOrKey.accountKey) : undefined) ??
      (idOrKey.accountId ? accountsById.value.get(idOrKey.accountId) : undefined);
    return account?.DisplayName;
  }

  /**
   * The event's holdings in every account of the accounts: the event read once per client (its own
   * accounts, sub-clients apart), since with sub-accounts included the service answers totals only.
   */
  async function holdingsAcrossAccounts(eventId: string, signal: AbortSignal): Promise<Holding[]> {
    await load();
    const clients = tree.value?.clients ?? [];
    const perClient = await Promise.all(
      clients.map((client) =>
        call(
          'corporateActions:event',
          { EventId: eventId, ClientKey: client.ClientKey, EventStates: [...eventStates] },
          { signal: owned.signalWith(signal) },
        ).then((event) =>
          (event.Holdings ?? []).map((holding) => ({
            ...holding,
            ClientKey: holding.ClientKey ?? client.ClientKey,
          })),
        ),
      ),
    );
    return perClient.flat();
  }

  return {
    tree,
    error,
    entries,
    accountsById,
    accountsByKey,
    clientsByKey,
    load,
    accountName,
    holdingsAcrossAccounts,
  };
});
