import { HY_LEAVE_PENDING, HY_LEAVE_PENDING_TEXT, HY_MOVE_RULES, type HyMove } from '@go/contract';
import { Tag } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ListPage, type ListHelpers } from '../../../components/list/ListPage';
import type { ListColumn, Row } from '../../../components/list/types';
import { FileDetailModal } from './FileDetailModal';
import { HR_PERM, HR_URL, movesFor, STATUS_COLOR } from './hr-api';
import { HyUserForm } from './HyUserForm';
import { InterviewModal } from './InterviewModal';
import { MoveModal } from './MoveModal';
import { OnboardingModal } from './OnboardingModal';

const statusCell = (_: unknown, r: Row) => (
  <>
    <Tag color={STATUS_COLOR[String(r.status)]}>{String(r.status_dictText ?? r.status ?? '')}</Tag>
    {Number(r.blacklistFlag) === 1 && <Tag color="red">黑名单</Tag>}
    {r.pendingMove === HY_LEAVE_PENDING ? (
      <Tag color="volcano" title={`离职日期 ${String(r.dimissionDate ?? '')}`}>
        {HY_LEAVE_PENDING_TEXT} {String(r.dimissionDate ?? '')}
      </Tag>
    ) : r.pendingMove ? (
      <Tag color="gold">审批中</Tag>
    ) : null}
  </>
);

/** Columns shared by the file lists; `extra` adds state-specific ones. */
export function fileColumns(extra: ListColumn[] = []): ListColumn[] {
  return [
    // key columns first: at 1440 px who, in which state, where and in which post show without scrolling
    { title: '姓名', dataIndex: 'realname', search: 'like', sorter: true, fixed: 'left', width: 100, keyColumn: true },
    { title: '状态', dataIndex: 'status', dictCode: 'hy_status', render: statusCell, width: 150, keyColumn: true },
    { title: '部门', dataIndex: 'departName', search: 'like', sorter: true, width: 130, ellipsis: true, keyColumn: true },
    { title: '职务', dataIndex: 'post', render: (_v, r) => String(r.post_dictText ?? ''), width: 110, ellipsis: true, keyColumn: true },
    { title: '性别', dataIndex: 'sex', dictCode: 'sex', width: 60 },
    { title: '身份证号', dataIndex: 'idCard', width: 180 },
    { title: '手机号', dataIndex: 'mobile', search: 'eq', width: 120 },
    { title: '公司', dataIndex: 'company', dictCode: 'company', search: 'eq', hideInSuperQuery: true, width: 150 },
    { title: '学历', dataIndex: 'degree', dictCode: 'hy_degree', search: 'eq', width: 80 },
    ...extra,
    { title: '创建时间', dataIndex: 'createTime', type: 'datetime', sorter: true, hideInTable: true },
  ];
}

export interface HyUserListProps {
  /** statuses shown (comma separated), none for every file */
  status?: string;
  columns: ListColumn[];
  /** which moves to offer on this page (default: every move the row's state allows) */
  moves?: HyMove[];
  add?: boolean;
  importable?: boolean;
  interviews?: boolean;
  /** 入职清单 row action (new hires) */
  onboarding?: boolean;
  exportName: string;
  listUrl?: string;
  toolbar?: (h: ListHelpers<Row>) => ReactNode;
}

/** A list of employee files with the moves its rows may take, the file detail and interview rounds. */
export function HyUserList({ status, columns, moves, add = false, importable = false, interviews = false, onboarding = false, exportName, listUrl, toolbar }: HyUserListProps) {
  const [move, setMove] = useState<{ move: HyMove; record: Row; reload: () => void }>();
  const [detail, setDetail] = useState<string>();
  const [interview, setInterview] = useState<Row>();
  const [checklist, setChecklist] = useState<{ record: Row; reload: () => void }>();
  return (
    <>
      <ListPage
        columns={columns}
        url={{
          list: listUrl ?? HR_URL.list,
          delete: HR_URL.delete,
          deleteBatch: HR_URL.deleteBatch,
          exportXls: HR_URL.exportXls,
          importExcel: importable ? HR_URL.importExcel : undefined,
        }}
        extraParams={status ? { status } : undefined}
        exportName={exportName}
        auth={{ add: add ? HR_PERM.add : '__none__', edit: HR_PERM.edit, delete: HR_PERM.delete, deleteBatch: HR_PERM.delete, export: HR_PERM.export, import: HR_PERM.import }}
        form={HyUserForm}
        showDetail={false}
        showImport={importable}
        actionWidth={200}
        toolbar={toolbar}
        rowActions={(r) => (
          <a onClick={() => setDetail(String(r.id))} aria-label={`查看${String(r.realname)}的档案`}>
            档案
          </a>
        )}
        rowMenu={(r, h) => [
          interviews && { key: 'interviews', label: '面试记录', onClick: () => setInterview(r) },
          onboarding && { key: 'onboarding', label: '入职清单', auth: 'hr:move:entry', onClick: () => setChecklist({ record: r, reload: h.reload }) },
          // a file waiting for its dimission date takes no other move
          ...(r.pendingMove === HY_LEAVE_PENDING ? [] : movesFor(String(r.status)))
            .filter((m) => !moves || moves.includes(m))
            .map((m) => ({ key: m, label: HY_MOVE_RULES[m].label, auth: HY_MOVE_RULES[m].perm, danger: m === 'blacklist', onClick: () => setMove({ move: m, record: r, reload: h.reload }) })),
        ]}
      />
      <MoveModal
        move={move?.move}
        record={move?.record}
        onClose={(done) => {
          if (done) move?.reload();
          setMove(undefined);
        }}
      />
      <FileDetailModal id={detail} onClose={() => setDetail(undefined)} />
      <InterviewModal record={interview} onClose={() => setInterview(undefined)} />
      <OnboardingModal
        record={checklist?.record}
        onClose={(saved) => {
          if (saved) checklist?.reload();
          setChecklist(undefined);
        }}
      />
    </>
  );
}
