/**
 * `POST {auth_url}/token` (spec 5.2, RFC 6749 section 4.1.3, 5 and 6): form-encoded requests,
 * client credentials as HTTP Basic when a secret is known, answers checked with zod and RFC 6749
 * errors turned into AuthError with a readable message. Tokens are never logged.
 */
import { z } from 'zod';
import { AuthError, authorizationRefused } from './authErrors';

/** A successful token answer, as the service sends it. */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer', 'token_type must be Bearer'),
  expires_in: z.coerce.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.coerce.number().int().positive().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

const errorResponseSchema = z.object({ error: z.string().min(1), error_description: z.string().optional() });

export interface ClientCredentials {
  /** The AppKey. */
  clientId: string;
  /** The AppSecret; without it the client is public and only `client_id` is sent in the form. */
  clientSecret?: string;
}

export interface TokenRequestOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** `{auth_url}/token`. */
export function tokenUrl(authUrl: string): string {
  return `${authUrl.replace(/\/+$/, '')}/token`;
}

/** The answer of a form POST to the authorization server, read in full. */
export interface FormAnswer {
  response: Response;
  text: string;
}

/**
 * POSTs a form to an endpoint of the authorization server with the client authenticated as at
 * `/token` (RFC 6749 2.3.1): HTTP Basic with the AppSecret, or `client_id` in the form for a
 * public client. Throws AuthError (`network`) when the server cannot be reached in time.
 */
export async function postClientForm(
  url: string,
  form: Record<string, string>,
  client: ClientCredentials,
  options: TokenRequestOptions = {},
): Promise<FormAnswer> {
  const body = new URLSearchParams(form);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (client.clientSecret !== undefined) {
    headers.authorization = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
  } else {
    body.set('client_id', client.clientId);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers,
      body: body.toString(),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
    return { response, text: await response.text() };
  } catch (cause) {
    throw new AuthError('network', `The authorization server at ${new URL(url).origin} could not be reached.`, { cause });
  }
}

/** Sends one token request and returns the checked answer; throws AuthError otherwise. */
export async function requestToken(
  authUrl: string,
  form: Record<string, string>,
  client: ClientCredentials,
  options: TokenRequestOptions = {},
): Promise<TokenResponse> {
  const { response, text } = await postClientForm(tokenUrl(authUrl), form, client, options);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const refusal = errorResponseSchema.safeParse(json);
    if (refusal.success) throw authorizationRefused(refusal.data.error, refusal.data.error_description, response.status);
    throw new AuthError('protocol', `The authorization server answered HTTP ${response.status} to the token request.`, {
      status: response.status,
    });
  }
  const parsed = tokenResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw new AuthError('protocol', 'The authorization server answered the token request with something that is not a token.');
  }
  return parsed.data;
}
