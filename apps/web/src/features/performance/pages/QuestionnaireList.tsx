import { useState } from 'react';
import { Auth } from '../../../components/list/auth';
import { ListPage } from '../../../components/list/ListPage';
import type { ListColumn } from '../../../components/list/types';
import { QuestionnaireDesigner } from '../components/QuestionnaireDesigner';
import { SendSurveyModal } from '../components/SendSurveyModal';
import { PERF_AUTH } from '../components/shared';

const columns: ListColumn[] = [
  { title: '问卷名称', dataIndex: 'title', search: 'like', width: 220, ellipsis: true },
  { title: '说明', dataIndex: 'description', width: 260, ellipsis: true },
  { title: '题目数', dataIndex: 'questionCount', width: 80, align: 'right' },
  { title: '已发出', dataIndex: 'surveyCount', width: 80, align: 'right' },
  { title: '创建人', dataIndex: 'createByName', width: 100 },
  { title: '创建时间', dataIndex: 'createTime', type: 'datetime', width: 170 },
];

/** 问卷设计: HR designs questionnaires and sends them to chosen raters about a person. */
export default function QuestionnaireList() {
  const [sending, setSending] = useState<{ id: string; title: string } | null>(null);
  return (
    <div data-testid="questionnaire-list">
      <ListPage
        columns={columns}
        url={{ list: '/performance/questionnaire/list', delete: '/performance/questionnaire/delete' }}
        form={QuestionnaireDesigner}
        auth={{ add: PERF_AUTH.questionnaireAdd, edit: PERF_AUTH.questionnaireEdit, delete: PERF_AUTH.questionnaireDelete }}
        showExport={false}
        showImport={false}
        showDetail={false}
        selection={false}
        superQuery={false}
        actionWidth={200}
        rowActions={(r) => (
          <Auth code={PERF_AUTH.surveySend}>
            <a onClick={() => setSending({ id: String(r.id), title: String(r.title) })}>发出</a>
          </Auth>
        )}
      />
      <SendSurveyModal questionnaire={sending} onClose={() => setSending(null)} />
    </div>
  );
}
