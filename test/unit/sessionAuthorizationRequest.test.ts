import { describe, expect, it } from 'vitest';
import {
  buildAuthorizeUrl,
  callbackParameters,
  callbackParametersOfUrl,
  createState,
  isRedirectTarget,
  readCallback,
} from '../../main/core/session/authorizationRequest';
import { AuthError } from '../../main/core/session/authErrors';
import { IMPLICIT_REFUSED_IN_BROWSER, popupSignIn } from '../../main/core/session/interactiveSignIn';

const STATE = 'expected-state-value';

function failure(run: () => unknown): AuthError {
  try {
    run();
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error('expected an AuthError');
}

describe('state', () => {
  it('is 256 random bits in base64url, different every time', () => {
    const states = new Set(Array.from({ length: 200 }, () => createState()));
    expect(states.size).toBe(200);
    for (const state of states) expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('authorize URL', () => {
  it('carries the implicit request of spec 5.3, the redirect URI encoded', () => {
    const url = new URL(
      buildAuthorizeUrl({
        authUrl: 'https://auth.example.com/auth/',
        clientId: 'app key',
        redirectUri: 'http://127.0.0.1/refdesk/callback',
        state: STATE,
        responseType: 'token',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://auth.example.com/auth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'token',
      client_id: 'app key',
      redirect_uri: 'http://127.0.0.1/refdesk/callback',
      state: STATE,
    });
    expect(url.search).toContain('redirect_uri=http%3A%2F%2F127.0.0.1%2Frefdesk%2Fcallback');
  });

  it('adds the S256 challenge for the code flow and refuses the code flow without one', () => {
    const base = { authUrl: 'https://a.example/auth', clientId: 'k', redirectUri: 'refdesk://auth/callback', state: STATE } as const;
    const url = new URL(buildAuthorizeUrl({ ...base, responseType: 'code', codeChallenge: 'challenge' }));
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge')).toBe('challenge');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(() => buildAuthorizeUrl({ ...base, responseType: 'code' })).toThrow(/challenge/);
  });
});

describe('redirect URI recognition', () => {
  it('matches a loopback redirect URI on any port (RFC 8252), but only its path', () => {
    const registered = 'http://127.0.0.1/refdesk/callback';
    expect(isRedirectTarget('http://127.0.0.1:51234/refdesk/callback#access_token=x', registered)).toBe(true);
    expect(isRedirectTarget('http://127.0.0.1/refdesk/callback?code=1', registered)).toBe(true);
    expect(isRedirectTarget('http://127.0.0.1:51234/refdesk/other', registered)).toBe(false);
    expect(isRedirectTarget('http://127.0.0.2/refdesk/callback', registered)).toBe(false);
    expect(isRedirectTarget('https://127.0.0.1/refdesk/callback', registered)).toBe(false);
  });

  it('matches other redirect URIs exactly, port included, and custom schemes', () => {
    expect(isRedirectTarget('https://app.example.com/cb#x=1', 'https://app.example.com/cb')).toBe(true);
    expect(isRedirectTarget('https://app.example.com:8443/cb', 'https://app.example.com/cb')).toBe(false);
    expect(isRedirectTarget('refdesk://auth/callback#access_token=t', 'refdesk://auth/callback')).toBe(true);
    expect(isRedirectTarget('refdesk://auth/elsewhere', 'refdesk://auth/callback')).toBe(false);
    expect(isRedirectTarget('not a url', 'refdesk://auth/callback')).toBe(false);
  });
});

describe('callback reading', () => {
  const implicit = (fragment: string) => readCallback(callbackParameters('', fragment), STATE, 'token');

  it('reads the implicit fragment of spec 5.3', () => {
    expect(implicit(`#access_token=abc.def&token_type=Bearer&expires_in=1200&state=${STATE}`)).toEqual({
      kind: 'token',
      accessToken: 'abc.def',
      expiresIn: 1200,
    });
  });

  it('reads the code of the code flow from the query', () => {
    const parameters = callbackParametersOfUrl(`http://127.0.0.1:4000/refdesk/callback?code=c0de&state=${STATE}`);
    expect(readCallback(parameters, STATE, 'code')).toEqual({ kind: 'code', code: 'c0de' });
  });

  it('refuses a callback whose state is missing or different (a forged or stale callback)', () => {
    expect(failure(() => implicit('#access_token=a&token_type=Bearer&expires_in=60&state=other')).kind).toBe('state-mismatch');
    expect(failure(() => implicit('#access_token=a&token_type=Bearer&expires_in=60')).kind).toBe('state-mismatch');
    expect(failure(() => implicit(`#error=access_denied&state=other`)).kind).toBe('state-mismatch');
  });

  it('ignores an error answer without the sign-in state, as a cross-site page could send one (issue 15.6)', () => {
    for (const fragment of ['#error=access_denied', '#error=server_error&error_description=Call+support+at+0800-EVIL']) {
      const error = failure(() => implicit(fragment));
      expect(error.kind).toBe('state-mismatch');
      expect(error.message).not.toMatch(/EVIL|declined/);
    }
  });

  it('turns access_denied into a sentence and leaves out the provider text', () => {
    const error = failure(() => implicit(`#error=access_denied&error_description=User+denied&state=${STATE}`));
    expect(error.kind).toBe('denied');
    expect(error.message).toBe('You declined the sign-in, so RefDesk is not signed in.');
  });

  it('explains other error codes and shows the provider text only quoted, tidied', () => {
    const error = failure(() => implicit(`#error=unsupported_response_type&error_description=Only%0Atoken&state=${STATE}`));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('The authorization server does not support this sign-in flow. The sign-in service said: “Only token”');
    const unknown = failure(() => implicit(`#error=<b>weird</b>&state=${STATE}`));
    expect(unknown.message).toBe('The authorization server refused the sign-in (bweirdb).');
    // Curly quotes and bidirectional overrides cannot close the quotation or reorder the sentence.
    const sneaky = failure(() => implicit(`#error=x&error_description=${encodeURIComponent('ok” RefDesk says: call \u202eevil')}&state=${STATE}`));
    expect(sneaky.message).toBe('The authorization server refused the sign-in (x). The sign-in service said: “ok" RefDesk says: call evil”');
  });

  it('refuses fragments that grant nothing usable', () => {
    expect(failure(() => implicit(`#token_type=Bearer&expires_in=60&state=${STATE}`)).message).toMatch(/without an access token/);
    expect(failure(() => implicit(`#access_token=a&token_type=mac&expires_in=60&state=${STATE}`)).message).toMatch(/Bearer/);
    expect(failure(() => implicit(`#access_token=a&token_type=Bearer&expires_in=-5&state=${STATE}`)).message).toMatch(/expires/);
    expect(failure(() => implicit(`#access_token=a&token_type=Bearer&state=${STATE}`)).kind).toBe('protocol');
    expect(failure(() => readCallback(callbackParameters(`?state=${STATE}`, ''), STATE, 'code')).message).toMatch(/code/);
  });
});

describe('web shell popup redirect URI', () => {
  const popup = popupSignIn('http://127.0.0.1:43123');

  it('moves a loopback callback URI onto the shell port', () => {
    expect(popup.redirectUriFor({ redirectUri: 'http://127.0.0.1/refdesk/callback', flow: 'code' })).toBe(
      'http://127.0.0.1:43123/refdesk/callback',
    );
  });

  it('explains that other redirect URIs cannot reach the browser version', () => {
    for (const uri of ['refdesk://auth/callback', 'https://app.example.com/cb', 'http://127.0.0.1/other']) {
      expect(() => popup.redirectUriFor({ redirectUri: uri, flow: 'code' })).toThrow(
        /receives sign-ins at http:\/\/127\.0\.0\.1\/refdesk\/callback/,
      );
    }
  });

  it('refuses the implicit flow, whose token would land in the browser history, and says what to do (15.2)', () => {
    expect(() => popup.redirectUriFor({ redirectUri: 'http://127.0.0.1/refdesk/callback', flow: 'implicit' })).toThrow(
      IMPLICIT_REFUSED_IN_BROWSER,
    );
    expect(IMPLICIT_REFUSED_IN_BROWSER).toMatch(/authorization code \+ PKCE/);
  });
});

describe('prompt', () => {
  it('asks for the login page (after a sign-out) or for none (silent renewal) when told to', () => {
    const base = { authUrl: 'https://auth.example.com/auth', clientId: 'k', redirectUri: 'http://127.0.0.1/cb', state: 's', responseType: 'token' as const };
    expect(new URL(buildAuthorizeUrl(base)).searchParams.has('prompt')).toBe(false);
    expect(new URL(buildAuthorizeUrl({ ...base, prompt: 'login' })).searchParams.get('prompt')).toBe('login');
    expect(new URL(buildAuthorizeUrl({ ...base, prompt: 'none' })).searchParams.get('prompt')).toBe('none');
  });
});
