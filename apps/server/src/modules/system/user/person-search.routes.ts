import { pageResponse, personRow, personSearchQuery } from '@go/contract';
import { LOGIN } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { ok } from '../../../platform/http/envelope.js';
import { PersonSearch, type Participation } from './person-search.js';

/**
 * `/sys/user/searchPeople`: the one person search of every picker (docs/security.md, Person pickers).
 * `participation` is the workflow module's check, given by the composition.
 */
export async function personSearchRoutes(app: Api, participation: Participation): Promise<PersonSearch> {
  const people = new PersonSearch(app.ctx.db, participation);
  app.get(
    '/sys/user/searchPeople',
    {
      config: { access: LOGIN },
      schema: { querystring: personSearchQuery, response: { 200: pageResponse(personRow) }, tags: ['用户'], summary: '人员选择：按姓名、账号、拼音、首字母查找可选人员' },
    },
    async (req) => {
      const q = req.query;
      return ok(
        await people.search(req.user!, {
          keyword: q.keyword,
          departId: q.departId,
          forceA01: q.forceA01 === '1',
          procInstId: q.procInstId,
          usernames: q.usernames ? q.usernames.split(',').map((s) => s.trim()).filter(Boolean) : undefined,
          pageNo: q.pageNo,
          pageSize: q.pageSize,
        }),
      );
    },
  );
  return people;
}
