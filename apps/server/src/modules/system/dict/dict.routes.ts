import { envelope, failure, listResponse, messageResponse, sysDictOption, sysDictOptionsByCode } from '@go/contract';
import { z } from 'zod';
import { LOGIN } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { fail, ok } from '../../../platform/http/envelope.js';
import type { DictService } from './dict.service.js';
import { parseTableDict } from './table-dict.js';

const codeParam = z.object({ code: z.string().min(1).max(200) });

export async function dictRoutes(app: Api, dicts: DictService): Promise<void> {
  app.get(
    '/sys/dict/queryAllDictItems',
    { config: { access: LOGIN }, schema: { tags: ['字典'], summary: '全部字典项', response: { 200: envelope(sysDictOptionsByCode) } } },
    async () => ok(await dicts.allItems()),
  );

  app.get(
    '/sys/dict/refleshCache',
    { config: { access: LOGIN, oplog: false }, schema: { tags: ['字典'], summary: '刷新字典缓存', response: { 200: messageResponse } } },
    async () => {
      dicts.refresh();
      return ok(null, '刷新缓存完成！');
    },
  );

  app.get(
    '/sys/dict/getDictItems/:code',
    {
      config: { access: LOGIN, signed: true },
      schema: { tags: ['字典'], summary: '字典项（需签名）', params: codeParam, response: { 200: z.union([listResponse(sysDictOption), failure]) } },
    },
    async (req) => {
      const { code } = req.params;
      if (code.includes(',')) {
        const ref = parseTableDict(code);
        if (!ref) return fail('字典Code格式不正确！');
        return ok(await dicts.tableItems(ref, req.user));
      }
      const items = await dicts.items(code);
      if (items === null) return fail('字典Code不存在！');
      return ok(items);
    },
  );
}
