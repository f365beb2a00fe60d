import type { Envelope, Page } from '@go/contract';

/** The envelope and page shapes are declared once, in the contract (`wire.ts`). */
export type { Envelope, Page };

export function ok<T>(result: T, message = '操作成功'): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** Success that carries only a message (stock `Result.OK(msg)` also copies the message into `result`). */
export function okMessage(message: string): Envelope<string> {
  return { success: true, message, code: 200, result: message, timestamp: Date.now() };
}

/** A failure envelope; routes that answer one with status 200 declare `z.union([envelope(…), failure])`. */
export function fail(message: string, code = 500, result: unknown = null): Envelope<unknown> & { success: false } {
  return { success: false, message, code, result, timestamp: Date.now() };
}

export function page<T>(records: T[], total: number, pageNo: number, pageSize: number): Page<T> {
  return {
    records,
    total,
    size: pageSize,
    current: pageNo,
    pages: pageSize > 0 ? Math.ceil(total / pageSize) : 0,
  };
}
