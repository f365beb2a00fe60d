import mysql from 'mysql2/promise';

/** A source row: lower-case column names, values as the driver gives them (dates as `yyyy-MM-dd HH:mm:ss` text). */
export type Row = Record<string, unknown>;

/**
 * Read-only access to a JeecgBoot 3.x database (MySQL or MariaDB). Versions differ in their columns, so every
 * table is read with the columns it has (information_schema); a missing table or column reads as absent.
 */
export class JeecgSource {
  private readonly columns = new Map<string, Set<string>>();

  private constructor(private readonly conn: mysql.Connection) {}

  static async open(url: string): Promise<JeecgSource> {
    const conn = await mysql.createConnection({
      uri: url,
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      charset: 'utf8mb4',
    });
    const source = new JeecgSource(conn);
    const [rows] = await conn.query<mysql.RowDataPacket[]>(
      `select table_name as t, column_name as c from information_schema.columns where table_schema = database()`,
    );
    for (const r of rows) {
      const t = String(r.t).toLowerCase();
      if (!source.columns.has(t)) source.columns.set(t, new Set());
      source.columns.get(t)!.add(String(r.c).toLowerCase());
    }
    if (!source.columns.has('sys_user')) {
      await conn.end();
      throw new Error('源数据库中没有 sys_user 表：请确认连接的是 JeecgBoot 的数据库');
    }
    return source;
  }

  has(table: string, column?: string): boolean {
    const cols = this.columns.get(table);
    return !!cols && (column === undefined || cols.has(column));
  }

  /** Every row of a table (an empty list when the table does not exist), keys in lower case. */
  async rows(table: string): Promise<Row[]> {
    if (!this.has(table)) return [];
    const [rows] = await this.conn.query<mysql.RowDataPacket[]>(`select * from ${quote(table)}`);
    return rows.map(lowerKeys);
  }

  async count(table: string): Promise<number> {
    if (!this.has(table)) return 0;
    const [rows] = await this.conn.query<mysql.RowDataPacket[]>(`select count(*) as n from ${quote(table)}`);
    return Number(rows[0]?.n ?? 0);
  }

  /** Rows in id order, `size` at a time after `afterId` (keyset paging for the big log table). */
  async page(table: string, afterId: string, size: number): Promise<Row[]> {
    if (!this.has(table, 'id')) return [];
    const [rows] = await this.conn.query<mysql.RowDataPacket[]>(`select * from ${quote(table)} where id > ? order by id limit ?`, [
      afterId,
      size,
    ]);
    return rows.map(lowerKeys);
  }

  async close(): Promise<void> {
    await this.conn.end();
  }
}

function quote(name: string): string {
  return '`' + name.replace(/`/g, '``') + '`';
}

function lowerKeys(r: mysql.RowDataPacket): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(r)) out[k.toLowerCase()] = v;
  return out;
}

/** Text of a column, or null when absent/empty; cut to the target column's length. */
export function text(r: Row, col: string, max?: number): string | null {
  const v = r[col];
  if (v === null || v === undefined) return null;
  const s = Buffer.isBuffer(v) ? v.toString('utf8') : String(v);
  if (s === '') return null;
  return max !== undefined && s.length > max ? s.slice(0, max) : s;
}

/** Integer of a column (bit(1) buffers included), or `fallback` when absent or not a number. */
export function int(r: Row, col: string, fallback: number | null = null): number | null {
  const v = r[col];
  if (v === null || v === undefined || v === '') return fallback;
  if (Buffer.isBuffer(v)) return v.length ? v[0] : fallback;
  const n = Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/** A date-time column as `yyyy-MM-dd HH:mm:ss` (the product's storage form). */
export function dateTime(r: Row, col: string): string | null {
  const s = text(r, col);
  return s ? s.slice(0, 19) : null;
}
