// Path parameters by schema (typed, never cast), for commands (http/command.ts) and GET routes alike.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parse } from './validate.ts';

/** A route without path parameters. */
export const noParams = z.object({});
/** `:id`: a record's id as the path spells it (loading it decides 404 or 403). */
export const idParams = z.object({ id: z.string() });
/** `:bid`: a building's number as the path spells it. */
export const buildingParams = z.object({ bid: z.string() });

/** A GET route's path parameters, typed by their schema. */
export function paramsOf<S extends z.ZodType>(schema: S, req: FastifyRequest): z.output<S> {
  return parse(schema, req.params);
}

/** The base version a DELETE carries in its query (`?baseVersion=3`), if any. */
export function baseVersionIn(query: Record<string, string | undefined>): number | undefined {
  const raw = query.baseVersion;
  return raw === undefined || raw === '' ? undefined : Number(raw);
}
