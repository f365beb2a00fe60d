import type { AnnNewsRow } from '@go/contract';
import type { CurrentUser } from '../../platform/access/access.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import type { Page } from '../../platform/http/envelope.js';
import { businessError } from '../../platform/http/errors.js';
import type { DictService } from '../system/dict/dict.service.js';
import type { AnnouncementNews } from './announcement.tables.js';
import { searchText } from '../../platform/http/list-params.js';
import { plainText, sanitizeRichText } from '../../platform/http/rich-text.js';
import { likeContains } from '../../platform/query/like.js';
import { applyFilters, applySort, paging, runPage, type Whitelist } from '../../platform/query/query-builder.js';

export interface NewsInput {
  noticeType?: string | null;
  noticeTitle: string;
  noticePerson?: string | null;
  noticeDescribe?: string | null;
  noticeContent?: string | null;
}

export interface NewsQuery {
  pageNo?: number;
  pageSize?: number;
  column?: string;
  order?: string;
  noticeTitle?: string;
  noticeType?: string;
  noticePerson?: string;
}

/** `noticeType` is an equal filter; `noticeTitle` and `noticePerson` are searched by substring. */
const NEWS_LIST: Whitelist = {
  noticeType: 'noticeType',
  noticeTitle: { column: 'noticeTitle', filterable: false },
  noticePerson: { column: 'noticePerson', filterable: false },
  createTime: { column: 'createTime', filterable: false },
};

type NewsRow = AnnNewsRow;

/** News for the header ticker and the /notice page (announcementNews). */
export class NewsService {
  constructor(
    private readonly db: Database,
    private readonly dicts: DictService,
  ) {}

  async list(q: NewsQuery): Promise<Page<NewsRow>> {
    let base = applyFilters(this.db.selectFrom('announcementNews').where('delFlag', '=', 0), { ...q }, NEWS_LIST);
    if (searchText(q.noticeTitle)) base = base.where(likeContains('noticeTitle', searchText(q.noticeTitle)));
    if (searchText(q.noticePerson)) base = base.where(likeContains('noticePerson', searchText(q.noticePerson)));
    const pg = await runPage<typeof base, AnnouncementNews>(
      base,
      (qb) => applySort(qb.selectAll(), { ...q }, NEWS_LIST, { field: 'createTime', order: 'desc', lenient: true }).orderBy('id', 'desc'),
      paging({ ...q }),
    );
    const out: NewsRow[] = [];
    for (const r of pg.records) out.push({ ...r, noticeType_dictText: await this.dicts.translate('notice_type', r.noticeType) });
    return { ...pg, records: out };
  }

  private clean(input: NewsInput) {
    return {
      noticeType: input.noticeType || null,
      noticeTitle: plainText(input.noticeTitle).slice(0, 200),
      noticePerson: input.noticePerson ? plainText(input.noticePerson).slice(0, 100) : null,
      noticeDescribe: input.noticeDescribe ? plainText(input.noticeDescribe).slice(0, 500) : null,
      noticeContent: sanitizeRichText(input.noticeContent),
    };
  }

  async add(user: CurrentUser, input: NewsInput): Promise<AnnouncementNews> {
    const row: AnnouncementNews = {
      id: newId(),
      ...this.clean(input),
      noticePerson: input.noticePerson ? plainText(input.noticePerson).slice(0, 100) : user.realname,
      sysOrgCode: user.orgCode,
      delFlag: 0,
      createBy: user.username,
      createTime: now(),
      updateBy: null,
      updateTime: null,
    };
    await this.db.insertInto('announcementNews').values(row).execute();
    return row;
  }

  async edit(user: CurrentUser, id: string, input: NewsInput): Promise<void> {
    const r = await this.db
      .updateTable('announcementNews')
      .set({ ...this.clean(input), updateBy: user.username, updateTime: now() })
      .where('id', '=', id)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw businessError('未找到对应数据');
  }

  async remove(user: CurrentUser, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await this.db
      .updateTable('announcementNews')
      .set({ delFlag: 1, updateBy: user.username, updateTime: now() })
      .where('id', 'in', ids)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async get(id: string): Promise<NewsRow> {
    const r = await this.db.selectFrom('announcementNews').selectAll().where('id', '=', id).where('delFlag', '=', 0).executeTakeFirst();
    if (!r) throw businessError('未找到对应数据');
    return { ...r, noticeType_dictText: await this.dicts.translate('notice_type', r.noticeType) };
  }
}
