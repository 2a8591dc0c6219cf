/**
 * The service's error shape `{ErrorCode, Message, ModelState?}` and the Fastify handlers that
 * guarantee every failure is answered with it: bad input is a 4xx, never a 500.
 */
import type { FastifyError, FastifyInstance } from 'fastify';

/** An error the simulator answers with a given status and the service's error body. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly modelState?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** 400 naming the parameter that could not be used. */
export function badParameter(parameter: string, message: string, errorCode = 'InvalidRequest'): ServiceError {
  return new ServiceError(400, errorCode, message, { [parameter]: [message] });
}

/** 404 with the platform's wording. */
export function notFound(message = 'Requested resource not found'): ServiceError {
  return new ServiceError(404, 'NotFound', message);
}

/** Body of an error response, absent properties left out rather than null. */
export function errorBody(error: ServiceError): Record<string, unknown> {
  return {
    ErrorCode: error.errorCode,
    Message: error.message,
    ...(error.modelState ? { ModelState: error.modelState } : {}),
  };
}

/** Installs the error and not-found handlers on the simulator's Fastify instance. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    const error = notFound();
    void reply.status(error.status).send(errorBody(error));
  });

  app.setErrorHandler((raw: FastifyError | ServiceError, request, reply) => {
    if (raw instanceof ServiceError) {
      void reply.status(raw.status).send(errorBody(raw));
      return;
    }
    const status = typeof raw.statusCode === 'number' && raw.statusCode >= 400 && raw.statusCode < 500 ? raw.statusCode : 0;
    if (status) {
      // Fastify's own client errors (unparseable body, unsupported media type, bad URL...).
      void reply.status(status).send({ ErrorCode: 'InvalidRequest', Message: raw.message });
      return;
    }
    request.log.error({ err: raw }, 'unexpected simulator failure');
    void reply.status(500).send({ ErrorCode: 'InternalServerError', Message: 'The simulator failed unexpectedly.' });
  });
}
