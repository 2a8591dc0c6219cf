/**
 * One typed error for every way a service call can fail, so callers (and the IPC layer)
 * branch on `kind` and `status` rather than on message text.
 */

/**
 * `service`: the service answered 4xx/5xx; `network`: no answer; `timeout`; `cancelled`;
 * `protocol`: an unusable answer; `invalid`: the request itself was not valid, nothing was sent.
 */
export type ServiceErrorKind = 'service' | 'network' | 'timeout' | 'cancelled' | 'protocol' | 'invalid';

export class ServiceCallError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly details: {
      status?: number;
      /** The service's ErrorCode, or a client-side code for non-service kinds. */
      code?: string;
      /** The service's ModelState. */
      fields?: Record<string, string[]>;
      /** For a 429: how long the service asked the client to wait. */
      retryAfterMs?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = 'ServiceCallError';
  }

  get status(): number | undefined {
    return this.details.status;
  }

  /** Stable code for the IPC error shape. */
  get code(): string {
    return this.details.code ?? defaultCode[this.kind];
  }
}

const defaultCode: Record<ServiceErrorKind, string> = {
  service: 'ServiceError',
  network: 'Network',
  timeout: 'Timeout',
  cancelled: 'Cancelled',
  protocol: 'ProtocolError',
  invalid: 'InvalidArgument',
};

/** Code and words for statuses the platform answers without a body (401, 404, 429, 503). */
const bodilessStatus: Record<number, { code: string; message: string }> = {
  401: { code: 'Unauthorized', message: 'The service did not accept the session; sign in again.' },
  403: { code: 'Forbidden', message: 'The service does not allow this application or user to do that.' },
  404: { code: 'NotFound', message: 'The service has no such resource.' },
  429: { code: 'RateLimited', message: 'Too many requests; the service asked RefDesk to slow down.' },
  503: { code: 'ServiceUnavailable', message: 'The service is temporarily unavailable.' },
};

/** Builds the error for a non-2xx response from its (possibly empty or non-JSON) body. */
export function errorFromResponse(status: number, bodyText: string, retryAfterMs?: number): ServiceCallError {
  let body: { ErrorCode?: unknown; Message?: unknown; ModelState?: unknown } = {};
  try {
    const parsed: unknown = bodyText ? JSON.parse(bodyText) : {};
    if (typeof parsed === 'object' && parsed !== null) body = parsed as typeof body;
  } catch {
    // The platform sends empty or non-JSON bodies for 401/404/429; the status still speaks.
  }
  const fallback = bodilessStatus[status] ?? {
    code: `Http${status}`,
    message: `The service answered HTTP ${status}.`,
  };
  const code = typeof body.ErrorCode === 'string' && body.ErrorCode ? body.ErrorCode : fallback.code;
  const message = typeof body.Message === 'string' && body.Message ? body.Message : fallback.message;
  const fields = isModelState(body.ModelState) ? body.ModelState : undefined;
  return new ServiceCallError('service', message, {
    status,
    code,
    ...(fields ? { fields } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

function isModelState(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every(
      (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
    )
  );
}
