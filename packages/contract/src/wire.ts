import { z } from 'zod';

/**
 * The wire shapes every API answer shares, declared once for the server (which validates and documents
 * its responses with them) and the web client (which reads them).
 */

/** The JSON envelope of every answer: `{success, message, code, result, timestamp}`. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
  /** HMAC of `timestamp:result` when payload encryption is on (docs/security.md). */
  zSignVer?: string;
}

/** A page of records in the MyBatis-Plus shape the clients read. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** The envelope schema around a result schema. */
export const envelope = <T extends z.ZodType>(result: T) =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    code: z.number(),
    result,
    timestamp: z.number(),
    zSignVer: z.string().optional(),
  });

/** A page schema around a record schema. */
export const pageOf = <T extends z.ZodType>(record: T) =>
  z.object({ records: z.array(record), total: z.number(), size: z.number(), current: z.number(), pages: z.number() });

/** Answers that carry only a message: `okMessage(...)` (result = the message) or `ok(null)`. */
export const messageResponse = envelope(z.string().nullable());
/** An answer whose result is a page of records. */
export const pageResponse = <T extends z.ZodType>(row: T) => envelope(pageOf(row));
/** An answer whose result is a list of records. */
export const listResponse = <T extends z.ZodType>(row: T) => envelope(z.array(row));
/**
 * Bytes (a workbook, a file, an image) or a redirect: no JSON to check; declared so the OpenAPI document
 * and the route inventory know the route answers something other than an envelope.
 */
export const binaryResponse = z.unknown().describe('binary');

/** An error envelope answered with status 200 (the stock client reads `success: false`). */
export const failure = envelope(z.unknown()).extend({ success: z.literal(false) });
