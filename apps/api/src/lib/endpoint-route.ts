import type { Endpoint } from '@shop/contract';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';

/** An entry's schemas under the names Fastify gives them. */
type As<E, From extends string, To extends string> = E extends { [K in From]: infer S } ? { [K in To]: S } : unknown;
type StatusOf<E> = E extends { status: infer S extends number } ? S : 200;
type AlsoOf<E> = E extends { also: infer A } ? A : unknown;
type SchemaOf<E> = As<E, 'params', 'params'> &
  As<E, 'query', 'querystring'> &
  As<E, 'body', 'body'> &
  As<E, 'headers', 'headers'> &
  (E extends { response: infer R } ? { response: { [S in StatusOf<E>]: R } & AlsoOf<E> } : unknown);

/** Fastify's handler for a route with the entry's schemas (zod type provider). */
type FastifyHandler<E> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E> & FastifySchema,
  ZodTypeProvider,
  FastifyBaseLogger
>;
/** What a handler may answer: a body of the entry's response, or the reply it sent. */
type Answer<E> = Exclude<Awaited<ReturnType<FastifyHandler<E>>>, void>;

/** A handler whose request and answer are typed by the entry's schemas. */
export type EndpointHandler<E extends Endpoint> = (
  request: Parameters<FastifyHandler<E>>[0],
  reply: Parameters<FastifyHandler<E>>[1],
) => Answer<E> | Promise<Answer<E>>;

export interface EndpointOptions {
  /** The session check of a shopper's call (lib/auth.ts `requireUser` / `optionalUser`). */
  onRequest?: (request: FastifyRequest) => Promise<void>;
  /** A body larger than Fastify's default (a catalogue's CSV, an uploaded file). */
  bodyLimit?: number;
  /** The body is a file's bytes, not JSON: what the OpenAPI document says it takes (the contract has no schema for it). */
  rawBody?: RawBody;
}

export interface RawBody {
  /** The content types it is sent with. */
  types: readonly string[];
  /** What the body is, with its size limit, for an integrator. */
  description: string;
}

/**
 * The OpenAPI document's request body of a call that takes a file as it is
 * (`format: binary`), added to what the zod schemas document (the app's
 * transform, which a route's own replaces). Only the document sees it:
 * Fastify validates no such body.
 */
function documentRawBody(raw: RawBody): typeof jsonSchemaTransform {
  return (input) => {
    const documented = jsonSchemaTransform(input);
    const body = { type: 'string', format: 'binary', description: raw.description };
    return { ...documented, schema: { ...documented.schema, body, consumes: [...raw.types] } };
  };
}

/**
 * Registers the route of an entry of the endpoint table (packages/contract/src/endpoints/):
 * its method and path, and the schema Fastify validates, serializes and
 * documents (OpenAPI) with. A shopper's call says so in the OpenAPI document
 * as a bearer token. A staff call's `access` goes into the route's config,
 * where the back office's guard reads it (modules/admin/auth/guard.ts).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  entry: E,
  options: EndpointOptions,
  handler: EndpointHandler<E>,
): void {
  const schema = {
    ...(entry.tags.length > 0 ? { tags: entry.tags } : {}),
    // The back office's calls were documented without it; they stay so.
    ...(entry.auth === 'shopper' ? { security: [{ bearer: [] }] } : {}),
    ...(entry.summary === undefined ? {} : { summary: entry.summary }),
    ...(entry.hide === undefined ? {} : { hide: entry.hide }),
    ...(entry.params === undefined ? {} : { params: entry.params }),
    ...(entry.query === undefined ? {} : { querystring: entry.query }),
    ...(entry.headers === undefined ? {} : { headers: entry.headers }),
    ...(entry.body === undefined ? {} : { body: entry.body }),
    ...(entry.response === undefined ? {} : { response: { [entry.status ?? 200]: entry.response, ...entry.also } }),
  };
  const config = {
    ...('access' in entry ? { access: entry.access } : {}),
    ...(options.rawBody ? { swaggerTransform: documentRawBody(options.rawBody) } : {}),
  };
  app.route({
    method: entry.method,
    url: entry.path,
    schema,
    ...(Object.keys(config).length > 0 ? { config } : {}),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    handler: handler as RouteHandlerMethod,
  });
}
