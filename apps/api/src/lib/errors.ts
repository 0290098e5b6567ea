import { MESSAGES, type ErrorBody, type ErrorCode, type ErrorReason } from '@shop/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { dropRestOfBody } from './linger';

export const ERROR_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  server_error: 500,
  unavailable: 503,
} as const satisfies Record<ErrorCode, number>;
export type ErrorKind = ErrorCode;

/** The body of every error answer (contract `ErrorBody`). */
export function errorBody(
  code: ErrorCode,
  message: string,
  errors: string[] = [message],
  reason?: ErrorReason,
): ErrorBody {
  return reason ? { code, reason, message, errors } : { code, message, errors };
}

/** The code of an HTTP status another layer (Fastify, a plugin) chose. */
function codeOfStatus(status: number): ErrorCode {
  const known = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  return known ? known[0] : status < 500 ? 'invalid' : 'server_error';
}

/** A 404 for an address nothing answers. */
export const noSuchAddress = (method: string, url: string) =>
  errorBody('not_found', 'Not found', [`No such address: ${method} ${url.split('?')[0]}`]);

/** The one error type services throw for outcomes the client must handle. */
export class AppError extends Error {
  override name = 'AppError';
  readonly errors: string[];
  constructor(
    readonly kind: ErrorKind,
    message: string,
    errors?: string[],
    readonly reason?: ErrorReason,
  ) {
    super(message);
    this.errors = errors ?? [message];
  }
  get status(): number {
    return ERROR_STATUS[this.kind];
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new AppError('not_found', message);
export const invalid = (errors: string[], message: string = MESSAGES.invalidInput) =>
  new AppError('invalid', message, errors);

/** One readable sentence per zod issue, naming the field when the message does not. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => {
    const field = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => `Unknown field '${field ? `${field}.` : ''}${k}'`);
    }
    if (issue.code === 'invalid_type' && field && /received undefined$/.test(issue.message)) {
      return [`${field} is required`];
    }
    const last = issue.path.at(-1);
    const named = last === undefined || issue.message.toLowerCase().includes(String(last).toLowerCase());
    return [named ? issue.message : `${field}: ${issue.message}`];
  });
}

/** Parses with a contract schema, turning failures into a 400. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalid(describeIssues(result.error.issues));
  return result.data;
}

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.tooLarge },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Send the request body as application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Content-Length does not match the body' },
};

/** PostgreSQL cannot store U+0000 in text; such input is refused before it reaches a service. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/**
 * SQLSTATEs of a database that is away or overloaded for a moment, not of a
 * wrong request: connection exceptions (class 08), the server shutting down
 * or starting (57P01-57P03), too many connections, and a statement cancelled
 * by statement_timeout (57014).
 */
const DATABASE_AWAY_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres says these in words only.
const POOL_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Query read timeout/,
];

/** Whether an error (or its cause, as Drizzle wraps the driver's) says the database could not be reached. */
export function isDatabaseAway(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (DATABASE_AWAY_CODES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code)))
      return true;
    if (POOL_MESSAGES.some((m) => m.test(e.message))) return true;
  }
  return false;
}

/** Maps every error to its status and the `{ message, errors }` body; 500s say nothing more. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    const nul = containsNul(req.body) || containsNul(req.query) || containsNul(req.params);
    done(nul ? invalid(['Text must not contain NUL characters']) : undefined);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.kind, error.message, error.errors, error.reason));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The type provider flattens zod's issues; put them back together for one wording everywhere.
      const issues = error.validation.map(
        (v) =>
          ({
            ...v.params,
            code: v.keyword,
            message: v.message ?? 'Invalid value',
            path: v.instancePath.split('/').filter(Boolean),
          }) as unknown as z.core.$ZodIssue,
      );
      return reply.status(400).send(errorBody('invalid', MESSAGES.invalidInput, describeIssues(issues)));
    }
    // Fastify stops reading a body past its limit and would close the connection at once (see dropRestOfBody).
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      reply.removeHeader('connection');
      dropRestOfBody(request.raw, reply.raw);
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody(codeOfStatus(known.status), known.message));
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody('rate_limited', MESSAGES.rateLimited));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(codeOfStatus(error.statusCode), error.message));
    }
    if (isDatabaseAway(error)) {
      // Safe to retry: a write either did not commit or, its answer lost with the connection, is found again by its idempotency key.
      const cause = error.cause instanceof Error ? error.cause : error;
      request.log.warn({ code: (cause as { code?: unknown }).code, reason: cause.message }, 'database away: 503');
      return reply.status(503).header('retry-after', '2').send(errorBody('unavailable', MESSAGES.unavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('server_error', MESSAGES.serverError));
  });
}
