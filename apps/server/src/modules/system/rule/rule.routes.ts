import { envelope, failure, listResponse, messageResponse, sysCheckRuleRow, sysFillRuleResult, sysFillRuleRow } from '@go/contract';
import { z } from 'zod';
import { LOGIN, perm } from '../../../platform/access/access.js';
import { registerCrudImport } from '../../../platform/excel/import-route.js';
import type { Database } from '../../../platform/db/database.js';
import type { Api } from '../../../platform/http/api.js';
import { fail, ok } from '../../../platform/http/envelope.js';
import { businessError } from '../../../platform/http/errors.js';
import { CrudService, crudRoutes } from '../../../platform/query/crud.js';
import type { Translator } from '../../../platform/query/present.js';
import { resolveDuplicateTarget } from './duplicate.js';
import { fillHandlers, parseRuleJson, type RuleService } from './rule.service.js';

const code = z.string().trim().min(1, { message: '请输入规则编码' }).max(100).regex(/^[A-Za-z0-9_-]+$/, { message: '规则编码只允许字母、数字、下划线和横线' });
const ruleJson = z
  .string()
  .max(1024)
  .refine(
    (v) => {
      try {
        parseRuleJson(v);
        return true;
      } catch {
        return false;
      }
    },
    { message: '规则JSON格式不正确' },
  );
const checkFields = {
  ruleName: z.string().trim().min(1, { message: '请输入规则名称' }).max(100),
  ruleCode: code,
  ruleJson,
  ruleDescription: z.string().max(200).optional().nullable(),
};
const fillFields = {
  ruleName: z.string().trim().min(1, { message: '请输入规则名称' }).max(100),
  ruleCode: code,
  ruleClass: z.string().refine((v) => fillHandlers.has(v), { message: '规则处理器不存在' }),
  ruleParams: z
    .string()
    .max(200)
    .optional()
    .nullable()
    .refine(
      (v) => {
        if (!v) return true;
        try {
          JSON.parse(v);
          return true;
        } catch {
          return false;
        }
      },
      { message: '规则参数必须是JSON格式' },
    ),
};

export function checkRuleService(db: Database, translate: Translator): CrudService {
  return new CrudService(db, {
    base: '/sys/checkRule',
    table: 'sysCheckRule',
    row: sysCheckRuleRow,
    tag: '编码校验规则',
    perm: 'system:checkRule',
    whitelist: { id: 'id', ruleName: 'ruleName', ruleCode: 'ruleCode', createTime: { column: 'createTime', type: 'datetime' } },
    columns: ['id', 'ruleName', 'ruleCode', 'ruleJson', 'ruleDescription', 'sysOrgCode', 'createBy', 'createTime', 'updateBy', 'updateTime'],
    defaultSort: { field: 'createTime', order: 'desc' },
    orgColumn: 'sysOrgCode',
    sharedGroupRows: true,
    addSchema: z.object(checkFields),
    editSchema: z.object({ id: z.string().min(1).max(64), ...checkFields, ruleName: checkFields.ruleName.optional(), ruleCode: code.optional(), ruleJson: ruleJson.optional() }),
    unique: [{ field: 'ruleCode', message: '规则编码已存在' }],
    translate,
  });
}

export function fillRuleService(db: Database, translate: Translator): CrudService {
  return new CrudService(db, {
    base: '/sys/fillRule',
    table: 'sysFillRule',
    row: sysFillRuleRow,
    tag: '填值规则',
    perm: 'system:fillRule',
    whitelist: { id: 'id', ruleName: 'ruleName', ruleCode: 'ruleCode', createTime: { column: 'createTime', type: 'datetime' } },
    columns: ['id', 'ruleName', 'ruleCode', 'ruleClass', 'ruleParams', 'sysOrgCode', 'createBy', 'createTime', 'updateBy', 'updateTime'],
    defaultSort: { field: 'createTime', order: 'desc' },
    orgColumn: 'sysOrgCode',
    sharedGroupRows: true,
    addSchema: z.object(fillFields),
    editSchema: z.object({ id: z.string().min(1).max(64), ...fillFields, ruleName: fillFields.ruleName.optional(), ruleCode: code.optional(), ruleClass: fillFields.ruleClass.optional() }),
    unique: [{ field: 'ruleCode', message: '规则编码已存在' }],
    translate,
    exportColumns: [
      { header: '规则名称', key: 'ruleName' },
      { header: '规则编码', key: 'ruleCode' },
      { header: '规则实现类', key: 'ruleClass', width: 30 },
      { header: '规则参数', key: 'ruleParams', width: 40 },
      { header: '创建时间', key: 'createTime', width: 20 },
    ],
  });
}

const checkQuery = z.object({ ruleCode: z.string().min(1).max(100), value: z.string().max(1000).default('') });
const dupQuery = z.object({
  tableName: z.string().min(1).max(64),
  fieldName: z.string().min(1).max(64),
  fieldVal: z.string().max(500).optional(),
  dataId: z.string().max(64).optional(),
});
const testQuery = z.object({ ruleCode: z.string().min(1).max(100) });
const ruleCodeParam = z.object({ ruleCode: z.string().min(1).max(100) });
const formData = z.record(z.string(), z.unknown()).default({});
const batchBody = z.object({
  commonFormData: z.record(z.string(), z.unknown()).optional(),
  rules: z.array(z.object({ ruleCode: z.string().min(1).max(100), formData: z.record(z.string(), z.unknown()).optional() })).min(1).max(50),
});

export async function ruleRoutes(app: Api, checkRules: CrudService, fillRules: CrudService, rules: RuleService): Promise<void> {
  await crudRoutes(app, checkRules);
  await crudRoutes(app, fillRules);
  registerCrudImport(app, fillRules, { required: 'ruleCode' });
  app.get(
    '/sys/fillRule/testFillRule',
    {
      config: { access: perm('system:fillRule:list'), oplog: false },
      schema: { tags: ['填值规则'], summary: '试运行填值规则（result 为生成的值）', querystring: testQuery, response: { 200: envelope(z.string()) } },
    },
    async (req) => ok(await rules.executeFill(req.query.ruleCode, {})),
  );

  app.get(
    '/sys/checkRule/checkByCode',
    {
      config: { access: LOGIN },
      schema: { tags: ['编码校验规则'], summary: '按编码校验值', querystring: checkQuery, response: { 200: z.union([messageResponse, failure]) } },
    },
    async (req) => {
      let value = req.query.value;
      try {
        value = decodeURIComponent(value);
      } catch {
        // keep the raw value
      }
      const failed = await rules.checkByCode(req.query.ruleCode, value);
      return failed ? fail(failed.message || '校验不通过', 500, failed) : ok(null, '校验通过');
    },
  );

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/fillRule/executeRuleByCode/:ruleCode',
    config: { access: LOGIN, oplog: false },
    schema: { tags: ['填值规则'], summary: '执行填值规则', params: ruleCodeParam, body: formData.optional(), response: { 200: envelope(z.string()) } },
    handler: async (req) => ok(await rules.executeFill(req.params.ruleCode, req.body ?? {})),
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/fillRule/executeRuleByCodeBatch',
    config: { access: LOGIN, oplog: false },
    schema: { tags: ['填值规则'], summary: '批量执行填值规则', body: batchBody, response: { 200: listResponse(sysFillRuleResult) } },
    handler: async (req) => {
      const body = req.body;
      const out: { ruleCode: string; result: string }[] = [];
      for (const r of body.rules) {
        out.push({ ruleCode: r.ruleCode, result: await rules.executeFill(r.ruleCode, { ...(body.commonFormData ?? {}), ...(r.formData ?? {}) }) });
      }
      return ok(out);
    },
  });

  app.get(
    '/sys/duplicate/check',
    { config: { access: LOGIN }, schema: { tags: ['重复校验'], summary: '校验值是否重复', querystring: dupQuery, response: { 200: z.union([messageResponse, failure]) } } },
    async (req) => {
      const q = req.query;
      const target = resolveDuplicateTarget(q.tableName, q.fieldName);
      if (!target) throw businessError('该表或字段不允许校验');
      if (!q.fieldVal) return ok(null, '该值可用！');
      return (await rules.valueTaken(target, q.fieldVal, q.dataId)) ? fail('该值不可用，系统中已存在！') : ok(null, '该值可用！');
    },
  );
}
