import { describe, expect, it } from 'vitest';
import {
  authUrlOfEndpoints,
  flowOfApp,
  preferredRedirectUri,
} from '../../renderer/src/features/apps/logic/profileFromApp';

describe('profiles made from an application', () => {
  it('finds the authorization server of the endpoints, or says why not', () => {
    expect(
      authUrlOfEndpoints({
        AuthorizationEndpoint: 'http://127.0.0.1:5000/auth/authorize',
        TokenEndpoint: 'http://127.0.0.1:5000/auth/token',
      }),
    ).toEqual({ authUrl: 'http://127.0.0.1:5000/auth' });
    expect(
      authUrlOfEndpoints({
        AuthorizationEndpoint: 'https://a.example/authorize',
        TokenEndpoint: 'https://b.example/token',
      }),
    ).toHaveProperty('problem');
    expect(authUrlOfEndpoints(undefined)).toHaveProperty('problem');
  });

  it('prefers a loopback redirect URI and maps the flow', () => {
    const app = {
      AppKey: 'k',
      Name: 'n',
      RedirectUris: [
        { RedirectUriId: 1, Uri: 'https://desk.example.com/cb' },
        { RedirectUriId: 2, Uri: 'http://127.0.0.1:8080/cb' },
      ],
    };
    expect(preferredRedirectUri(app)).toBe('http://127.0.0.1:8080/cb');
    expect(flowOfApp('Code')).toBe('code');
    expect(flowOfApp('Implicit')).toBe('implicit');
  });
});
