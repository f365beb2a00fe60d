/** The JSON envelope every API answer uses: `{success, message, code, result, timestamp}`. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export function ok<T>(result: T, message = '操作成功'): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** Success that carries only a message (stock `Result.OK(msg)` also copies the message into `result`). */
export function okMessage(message: string): Envelope<string> {
  return { success: true, message, code: 200, result: message, timestamp: Date.now() };
}

export function fail(message: string, code = 500, result: unknown = null): Envelope<unknown> {
  return { success: false, message, code, result, timestamp: Date.now() };
}

/** A page of records in the MyBatis-Plus shape the clients read. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
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
