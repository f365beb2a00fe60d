import { defineForm } from '../forms/declaration.js';

export const PROPOSAL_CATEGORIES = [
  { value: 'management', label: '管理改进' },
  { value: 'cost', label: '降本增效' },
  { value: 'safety', label: '安全环保' },
  { value: 'technology', label: '技术创新' },
  { value: 'service', label: '服务提升' },
  { value: 'other', label: '其他' },
];

export const PROPOSAL_TEXTS = {
  notAdopted: '该建议尚未被采纳',
  alreadyAssigned: '该建议已指定负责人',
  notFound: '建议不存在',
  anonymous: '匿名',
} as const;

/** The title of an anonymous proposal as stored and as shown to those who may not see the proposer. */
export const ANONYMOUS_PROPOSAL_TITLE = '匿名的合理化建议';
export const anonymousProposalTitle = (subject: string): string => (subject.trim() ? `${ANONYMOUS_PROPOSAL_TITLE} · ${subject.trim()}` : ANONYMOUS_PROPOSAL_TITLE);

/** 合理化建议: anyone proposes; the proposer's department head reviews, then the administration office decides. */
export const proposalForm = defineForm({
  key: 'oa_proposal',
  slug: 'proposal',
  routeName: 'office/ProposalForm',
  label: '建议',
  name: '合理化建议',
  endLabel: '完成建议评审',
  fields: [
    { key: 'category', label: '建议类别', type: 'select', required: true, options: PROPOSAL_CATEGORIES, list: true, search: true, width: 110 },
    {
      key: 'anonymous',
      label: '署名方式',
      type: 'select',
      required: true,
      options: [
        { value: '0', label: '实名' },
        { value: '1', label: '匿名' },
      ],
      list: true,
      width: 90,
    },
    { key: 'subject', label: '建议标题', type: 'text', required: true, max: 100, list: true, search: true, width: 220 },
    { key: 'description', label: '现状与建议', type: 'textarea', required: true, max: 2000, span: 2 },
    { key: 'benefit', label: '预期效益', type: 'textarea', required: true, max: 1000, span: 2 },
  ],
  summary: (v) => String(v.subject ?? ''),
  // an anonymous proposal's title never names the proposer (it shows in to-do lists and notices)
  title: (v, ctx) => (v.anonymous === '1' ? anonymousProposalTitle(String(v.subject ?? '')) : `${ctx.applicantName}的合理化建议 · ${String(v.subject ?? '').trim()}`),
});
