/**
 * One typed error for every way a service call can fail, so callers (and the IPC layer)
 * branch on `kind` and `status` rather than on message text.
 */

/** `service`: the service answered 4xx/5xx; `network`: no answer; `timeout`; `cancelled`; `protocol`: unusable answer. */
export type ServiceErrorKind = 'service' | 'network' | 'timeout' | 'cancelled' | 'protocol';

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
};

/** Builds the error for a non-2xx response from its (possibly empty) body. */
export function errorFromResponse(status: number, bodyText: string): ServiceCallError {
  let body: { ErrorCode?: unknown; Message?: unknown; ModelState?: unknown } = {};
  try {
    body = bodyText ? (JSON.parse(bodyText) as typeof body) : {};
  } catch {
    // The platform sends empty or non-JSON bodies for 401/404/429; the status still speaks.
  }
  const code = typeof body.ErrorCode === 'string' ? body.ErrorCode : `Http${status}`;
  const message = typeof body.Message === 'string' ? body.Message : `The service answered HTTP ${status}.`;
  const fields = isModelState(body.ModelState) ? body.ModelState : undefined;
  return new ServiceCallError('service', message, { status, code, ...(fields ? { fields } : {}) });
}

function isModelState(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))
  );
}
